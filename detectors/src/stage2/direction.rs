//! Direction words checked against the claim's own numbers: comparatives, rankings and
//! changes ([`direction_conflict`]).

use super::items::{captured_magnitude, captured_value, re, Item};
use super::numbers::{matches_value, signed_value, AnswerNumber, ClaimNumber};
use super::records::{Named, Record};

/// Comparatives: `true` when the first-named side is the larger value.
const COMPARATIVES: &[(&str, bool)] = &[
    ("warmer", true),
    ("hotter", true),
    ("higher", true),
    ("more", true),
    ("larger", true),
    ("bigger", true),
    ("greater", true),
    ("longer", true),
    ("heavier", true),
    ("faster", true),
    ("older", true),
    ("pricier", true),
    ("more expensive", true),
    ("colder", false),
    ("cooler", false),
    ("lower", false),
    ("less", false),
    ("fewer", false),
    ("smaller", false),
    ("shorter", false),
    ("lighter", false),
    ("slower", false),
    ("younger", false),
    ("cheaper", false),
    ("less expensive", false),
];
const SUPERLATIVES: &[(&str, bool)] = &[
    ("most", true),
    ("highest", true),
    ("largest", true),
    ("biggest", true),
    ("top", true),
    ("busiest", true),
    ("warmest", true),
    ("hottest", true),
    ("least", false),
    ("lowest", false),
    ("fewest", false),
    ("smallest", false),
    ("coldest", false),
    ("cheapest", false),
];

/// Whether `w` (lower case) is a comparative or superlative word: a relation between values,
/// checked against the claim's numbers here, not content an evidence text must spell.
pub(super) fn is_direction_word(w: &str) -> bool {
    COMPARATIVES
        .iter()
        .chain(SUPERLATIVES)
        .any(|(d, _)| *d == w)
}

/// Byte offset of the first occurrence of `w` in `lower` as a whole word (ASCII boundaries).
pub(super) fn word_at(lower: &str, w: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = lower[from..].find(w) {
        let st = from + p;
        let en = st + w.len();
        let b = lower.as_bytes();
        if (st == 0 || !b[st - 1].is_ascii_alphanumeric())
            && (en >= b.len() || !b[en].is_ascii_alphanumeric())
        {
            return Some(st);
        }
        from = en;
    }
    None
}

/// Records ranked by a claim without numbers.
const MAX_RANKED: usize = 64;

/// A ranking or comparison stated of a named record without its value ("The smallest charge
/// was at Cava", "Kent DC has less free stock"): the one record the claim names is compared,
/// on a numeric field every record of its list holds, with its siblings — those the answer
/// mentions when it mentions at least two, else all (a comparative: the one other record). The field is the one the list has, or
/// the one the claim's words name; with several and none named, nothing is judged.
pub(super) fn named_rank_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
    names: &Named,
    records: &[Record],
) -> Option<(usize, usize, &'static str)> {
    let lower = answer[cs..ce].to_ascii_lowercase();
    let [a] = names.anchored[..] else { return None };
    let parent = records.get(a)?.parent?;
    let siblings: Vec<usize> = (0..records.len())
        .filter(|&i| records[i].parent == Some(parent))
        .take(MAX_RANKED)
        .collect();
    if siblings.len() < 2 {
        return None;
    }
    // The direction word: a superlative ranks against all of them, a comparative against
    // the one other record the answer mentions.
    let (w, larger, superlative) = SUPERLATIVES
        .iter()
        .map(|&(w, l)| (w, l, true))
        .chain(COMPARATIVES.iter().map(|&(w, l)| (w, l, false)))
        .filter(|(w, ..)| !matches!(*w, "more" | "less" | "most" | "least" | "top"))
        .find(|(w, ..)| word_at(&lower, w).is_some())?;
    let p = word_at(&lower, w)?;
    // Fields every sibling holds once.
    let held = |r: usize, k: &str| -> Option<f64> {
        let mut it = records[r].fields.iter().filter(|f| f.0 == k);
        let v = it.next()?.1;
        it.next().is_none().then_some(v)
    };
    let common: Vec<&str> = records[a]
        .fields
        .iter()
        .map(|f| f.0.as_str())
        .filter(|k| siblings.iter().all(|&r| held(r, k).is_some()))
        .collect();
    let field = match common[..] {
        [k] => k,
        _ => {
            let norm = super::terms::normalize_terms(&lower);
            let named: Vec<&str> = common
                .iter()
                .copied()
                .filter(|k| {
                    let words = super::terms::normalize_terms(k);
                    words
                        .split(' ')
                        .filter(|x| x.len() >= 3)
                        .all(|x| super::terms::contains_terms(&norm, x))
                })
                .collect();
            let [k] = named[..] else { return None };
            k
        }
    };
    let answer_lower = answer.to_lowercase();
    let mentioned: Vec<usize> = siblings
        .iter()
        .copied()
        .filter(|&r| {
            records[r]
                .keys
                .iter()
                .any(|k| k.chars().count() >= 3 && answer_lower.contains(k.as_str()))
        })
        .collect();
    let pool = if mentioned.len() >= 2 && mentioned.contains(&a) {
        mentioned
    } else if superlative || siblings.len() == 2 {
        siblings
    } else {
        return None;
    };
    let mut own = held(a, field)?;
    let mut others: Vec<f64> = pool
        .iter()
        .filter(|&&r| r != a)
        .filter_map(|&r| held(r, field))
        .collect();
    // Debits written negative ("amount": -114.97): "the largest charge" is the largest in
    // size; signs that differ leave the order open.
    if own <= 0.0 && others.iter().all(|&o| o <= 0.0) {
        own = -own;
        others.iter_mut().for_each(|o| *o = -*o);
    } else if own < 0.0 || others.iter().any(|&o| o < 0.0) {
        return None;
    }
    if !superlative && others.len() != 1 {
        return None;
    }
    let wrong = if larger {
        others.iter().any(|&o| o > own)
    } else {
        others.iter().any(|&o| o < own)
    };
    wrong.then_some((
        cs + p,
        cs + p + w.len(),
        "ranking contradicts the values of the records it names",
    ))
}

/// Direction words that may follow a stated difference ("$1,113.64 above", "5 credits under").
const DIFFERENCE_WORDS: &[(&str, bool)] = &[
    ("above", true),
    ("over", true),
    ("below", false),
    ("under", false),
];

/// Whether two numbers of a stated difference are of one kind: the same currency and unit, as
/// written.
fn same_currency_and_unit(a: &ClaimNumber, b: &ClaimNumber) -> bool {
    a.currency == b.currency && a.unit == b.unit
}

/// A difference stated with its direction, between two values of the claim it is the
/// difference of: "approved for $15,245.68, $1,113.64 above the estimate ($16,359.32)" (the
/// value before it against the one after it), or "from $9,360.00 to $17,520.00 — $8,160.00
/// less" (the new value against the old). That the stated number *is* their difference is
/// checked first, so which two values the direction relates is not guessed.
fn stated_difference_conflict(
    answer: &str,
    cs: usize,
    lower: &str,
    nums: &[(&Item, &ClaimNumber)],
) -> Option<(usize, usize, &'static str)> {
    for (k, &(d_item, d)) in nums.iter().enumerate() {
        let rest = lower.get(d_item.end - cs..)?;
        let after = rest.trim_start();
        let gap = rest.len() - after.len();
        let Some(&(w, larger)) = COMPARATIVES.iter().chain(DIFFERENCE_WORDS).find(|(w, _)| {
            after.starts_with(w)
                && !after[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
        }) else {
            continue;
        };
        let word = (d_item.end + gap, d_item.end + gap + w.len());
        let is_difference = |a: &ClaimNumber, b: &ClaimNumber| {
            same_currency_and_unit(a, d)
                && same_currency_and_unit(b, d)
                && matches_value(d, (a.value * a.magnitude - b.value * b.magnitude).abs())
        };
        let value = |(i, n): (&Item, &ClaimNumber)| signed_value(answer, i, n);
        // "A, D above B": the subject is the value before the difference.
        if let (Some(&(ai, a)), Some(&(bi, b))) =
            (k.checked_sub(1).and_then(|j| nums.get(j)), nums.get(k + 1))
        {
            if is_difference(a, b) {
                let (x, y) = (value((ai, a)), value((bi, b)));
                if x != y && (x > y) != larger {
                    return Some((
                        word.0,
                        word.1,
                        "comparison contradicts the values stated with it",
                    ));
                }
                return None;
            }
        }
        if let Some(found) = unyielded_difference(lower, cs, nums, k, word.1, &is_difference) {
            return Some(found);
        }
        // "from A to B — D less": the subject is the new value.
        if k >= 2 {
            let (ai, a) = nums[k - 2];
            let (bi, b) = nums[k - 1];
            let between = lower.get(ai.end - cs..bi.start - cs).unwrap_or("");
            let opening = lower.get(..ai.start - cs).unwrap_or("");
            if between.trim() == "to" && opening.trim_end().ends_with("from") && is_difference(a, b)
            {
                let (old, new) = (value((ai, a)), value((bi, b)));
                if old != new && (new > old) != larger {
                    return Some((
                        word.0,
                        word.1,
                        "comparison contradicts the values stated with it",
                    ));
                }
                return None;
            }
        }
    }
    None
}

/// Words between a stated difference's comparison word and the value it is measured from
/// ("$46.66 more than the $266.78 estimate").
const DIFFERENCE_BASE_GAP: &[&str] = &["than", "the", "your", "its", "their", "our"];

/// A difference no value stated before it yields with the value it is measured from: "came to
/// $266.78 including $33.58 tax, which is $46.66 more than the $266.78 estimate" — neither
/// $266.78 nor $33.58 is $46.66 from $266.78, so one of the values is wrong (in the clean
/// answer the rental came to $313.44). The base is the value right after the comparison word
/// (only "than" and a determiner between them); the subjects are every value of the same
/// kind before the difference in the claim, at least one. A subject the claim does not state
/// (the previous sentence's) leaves no value before the difference, and nothing is judged.
fn unyielded_difference(
    lower: &str,
    cs: usize,
    nums: &[(&Item, &ClaimNumber)],
    k: usize,
    word_end: usize,
    is_difference: &dyn Fn(&ClaimNumber, &ClaimNumber) -> bool,
) -> Option<(usize, usize, &'static str)> {
    let (d_item, d) = nums[k];
    let &(bi, b) = nums.get(k + 1)?;
    let gap = lower.get(word_end - cs..bi.start - cs)?;
    let gap = gap.trim_end_matches(['$', '€', '£', '¥', '₹']);
    // A comparative compares with "than" ("$190.00 less the $142.50 assistance" subtracts);
    // "above" / "under" need none.
    let word = lower.get(..word_end - cs)?;
    let comparative = !DIFFERENCE_WORDS.iter().any(|(w, _)| word.ends_with(w));
    let mut words = gap.split_whitespace().peekable();
    if comparative && words.peek() != Some(&"than")
        || !words.all(|w| DIFFERENCE_BASE_GAP.contains(&w))
    {
        return None;
    }
    if !same_currency_and_unit(b, d) {
        return None;
    }
    let subjects: Vec<&ClaimNumber> = nums[..k]
        .iter()
        .map(|(_, n)| *n)
        .filter(|n| same_currency_and_unit(n, d))
        .collect();
    if subjects.is_empty() || subjects.iter().any(|a| is_difference(a, b)) {
        return None;
    }
    Some((
        d_item.start,
        d_item.end,
        "a stated difference that no value stated with it yields",
    ))
}

/// Comparisons with a threshold stated after them: (words, the subject is the larger side,
/// equality satisfies it). Longest first, so that "at or below" is not read as "below".
pub(super) const THRESHOLDS: &[(&str, bool, bool)] = &[
    ("at or above", true, true),
    ("at or below", false, true),
    ("more than", true, false),
    ("less than", false, false),
    ("higher than", true, false),
    ("lower than", false, false),
    ("greater than", true, false),
    ("fewer than", false, false),
    ("above", true, false),
    ("below", false, false),
    ("over", true, false),
    ("under", false, false),
    ("beyond", true, false),
    ("outside", true, false),
    ("within", false, true),
    ("inside", false, true),
];

/// Verbs that predicate a comparison of their subject ("is below", "which is above").
pub(super) const LINKING: &[&str] = &[
    "is", "are", "was", "were", "it's", "that's", "sits", "stays", "remains",
];

/// Adverbs between the linking verb and the comparison ("is well above", "is still under").
pub(super) const DEGREE: &[&str] = &[
    "well",
    "still",
    "just",
    "slightly",
    "comfortably",
    "already",
    "now",
    "far",
    "way",
    "also",
    "currently",
    "safely",
];

/// Words that may stand between the subject's value and its linking verb ("$3.20, which is").
const SUBJECT_LINK: &[&str] = &["which", "that", "it", "this", "so", "and", "then"];

/// A value compared with a threshold the same sentence states: "$168,000 is 1.8% below the
/// band midpoint of $165,000", "about $3.20, which is above the $10.00 point". The subject is
/// the value right before the linking verb (what stands between may only be linking words
/// or the arithmetic that computed it), the threshold the first value after the comparison
/// word (a few words on, in the same clause); both must be the same kind of quantity (currency,
/// unit, percent). An amount right before the comparison word ("1.8% below", "$20 above") is
/// the distance, not the subject. Equal values leave a strict comparison unjudged.
fn threshold_conflict(
    answer: &str,
    cs: usize,
    lower: &str,
    nums: &[(&Item, &ClaimNumber)],
) -> Option<(usize, usize, &'static str)> {
    let same_kind = |a: &ClaimNumber, b: &ClaimNumber| {
        a.currency == b.currency && a.same_unit(b) && a.is_percent() == b.is_percent()
    };
    const CLAUSE_BREAKS: [char; 7] = [',', ';', '.', '(', ')', ':', '\n'];
    let clause_break = |t: &str| t.contains(CLAUSE_BREAKS);
    for &(w, larger, inclusive) in THRESHOLDS {
        let Some(p) = word_at(lower, w) else { continue };
        let end = p + w.len();
        // The threshold: the first number after the word, in its clause, a few words on.
        let &(bi, b) = nums.iter().find(|(i, _)| i.start >= cs + end)?;
        let gap = lower.get(end..bi.start - cs)?;
        // The threshold's digits in parentheses after its words ("the threshold of
        // eighty-five percent (85%)") restate it.
        let gap = gap.trim_end().strip_suffix('(').unwrap_or(gap);
        if clause_break(gap) || gap.split_whitespace().count() > 6 {
            return None;
        }
        // "more than 3 percentage points under target": a distance from a threshold named
        // after it, compared with the distance — not a threshold of 3.
        let after = lower.get(bi.end - cs..).unwrap_or("");
        let after = after.find(CLAUSE_BREAKS).map_or(after, |k| &after[..k]);
        if after
            .split_whitespace()
            .take(4)
            .any(|t| DIFFERENCE_WORDS.iter().any(|(d, _)| *d == t) || t == "short")
        {
            return None;
        }
        // The linking verb, after an optional distance and degree adverbs.
        let mut pre = lower[..p].trim_end();
        // (An item may cover the word itself: "1.8% below".)
        if let Some(&(di, _)) = nums.iter().rev().find(|(i, _)| i.start < cs + p) {
            if di.end >= cs + p || lower[di.end - cs..p].trim().is_empty() {
                pre = lower[..di.start - cs].trim_end();
            }
        }
        while let Some(w) = pre
            .rsplit(char::is_whitespace)
            .next()
            .filter(|w| DEGREE.contains(w))
        {
            pre = pre[..pre.len() - w.len()].trim_end();
        }
        let link = pre
            .rsplit(char::is_whitespace)
            .next()
            .unwrap_or("")
            .replace('\u{2019}', "'");
        if !LINKING.contains(&link.as_str()) {
            return appositive_threshold(answer, cs, lower, nums, pre, (p, end), (bi, b), larger);
        }
        let link_start =
            cs + pre.len() - pre.rsplit(char::is_whitespace).next().unwrap_or("").len();
        // The subject: the first value of the threshold's kind in the stretch before the
        // linking verb (back to a colon, semicolon, dash, parenthesis or sentence end), with
        // only linking words or arithmetic between it and the verb ("24 across 2 lots, which
        // is …" has no subject of the kind of the threshold's 10: "across" is no link).
        let stretch = &lower[..link_start - cs];
        let from = cs
            + stretch
                .rfind([':', ';', '\n', '(', ')'])
                .map(|k| k + 1)
                .max(stretch.rfind('\u{2014}').map(|k| k + '\u{2014}'.len_utf8()))
                .max(stretch.rfind(". ").map(|k| k + 2))
                .unwrap_or(0);
        let &(ai, a) = nums
            .iter()
            .find(|(i, n)| i.start >= from && i.end <= link_start && same_kind(n, b))?;
        let between = answer.get(ai.end..link_start)?;
        // Up to two words qualifying the subject's noun ("1 month in arrears is", "$20 per
        // person is") may stand there too.
        // (Not beside another number: "24 across 2 lots, which is" has no subject.)
        let numbered = between.contains(|ch: char| ch.is_ascii_digit());
        let mut qualifiers = 0;
        let joined = between.split_whitespace().all(|t| {
            let t = t.trim_matches(|ch: char| ch == ',' || ch == '(' || ch == ')');
            let linked = t.is_empty()
                || SUBJECT_LINK.contains(&t.to_ascii_lowercase().as_str())
                || t.chars().all(|ch| "×x*÷/+-−=".contains(ch))
                || t.contains(|ch: char| ch.is_ascii_digit());
            if !linked && !numbered && t.chars().all(|ch| ch.is_alphabetic()) {
                qualifiers += 1;
                return qualifiers <= 2;
            }
            linked
        });
        let sentence_break = between.contains([';', '\n'])
            || between.char_indices().any(|(k, ch)| {
                ch == '.' && !between[k + 1..].starts_with(|d: char| d.is_ascii_digit())
            });
        if !joined || sentence_break {
            return None;
        }
        let (x, y) = (signed_value(answer, ai, a), signed_value(answer, bi, b));
        if let Some(hi) = range_end(answer, nums, bi, b) {
            // A band ("inside the $175k–$215k band"): within it, or beyond one of its ends.
            let inside = y <= x && x <= hi;
            let holds = match w {
                "within" | "inside" => inside,
                "beyond" | "outside" => !inside,
                _ if larger => x > hi,
                _ => x < y,
            };
            return (!holds).then_some((
                cs + p,
                cs + end,
                "comparison contradicts the values stated with it",
            ));
        }
        let holds = if x == y { inclusive } else { (x > y) == larger };
        if x == y && !inclusive {
            return None;
        }
        return (!holds).then_some((
            cs + p,
            cs + end,
            "comparison contradicts the values stated with it",
        ));
    }
    None
}

/// The upper end of a band the threshold `bi` opens ("$175k–$215k", "20 to 30 days"): the
/// next number of the same kind, after only a dash or "to".
fn range_end(
    answer: &str,
    nums: &[(&Item, &ClaimNumber)],
    bi: &Item,
    b: &ClaimNumber,
) -> Option<f64> {
    let &(ci, c) = nums.iter().find(|(i, _)| i.start >= bi.end)?;
    let gap = answer.get(bi.end..ci.start)?.trim();
    let dash = matches!(gap, "-" | "–" | "—" | "to" | "and");
    (dash && c.currency == b.currency && c.is_percent() == b.is_percent())
        .then(|| signed_value(answer, ci, c))
}

/// A value set beside a threshold after a comma, as terse status lines write it ("Battery
/// health 89%, below the 75% floor", "4 denials, over the lockout limit of 5"): the subject is
/// the number right before the comma (its counted noun at most between them), the threshold
/// the first number after the comparison word, which a determiner opens ("the", "its": a
/// threshold the sentence names, not a span such as "over 3 months"). Both of one kind, as in
/// [`threshold_conflict`]; equal values leave it unjudged.
#[allow(clippy::too_many_arguments)]
fn appositive_threshold(
    answer: &str,
    cs: usize,
    lower: &str,
    nums: &[(&Item, &ClaimNumber)],
    pre: &str,
    (p, end): (usize, usize),
    (bi, b): (&Item, &ClaimNumber),
    larger: bool,
) -> Option<(usize, usize, &'static str)> {
    let mut head = pre.strip_suffix(',')?;
    // The value restated in another unit in parentheses ("320 kPa (46 psi), 16% above the
    // recommended 380 kPa"): the value before the parenthesis is the subject.
    if head.ends_with(')') {
        if let Some(open) = head.rfind('(') {
            head = head[..open].trim_end();
        }
    }
    let gap = lower.get(end..bi.start - cs)?;
    let first = gap.split_whitespace().next()?;
    if !matches!(
        first,
        "the" | "its" | "their" | "your" | "our" | "his" | "her"
    ) {
        return None;
    }
    let &(ai, a) = nums.iter().rev().find(|(i, _)| i.end <= cs + head.len())?;
    let between = lower.get(ai.end - cs..head.len())?;
    let words = between.split_whitespace().count();
    if words > 2 || between.contains(|ch: char| ch.is_ascii_digit() || ",;:()\n".contains(ch)) {
        return None;
    }
    let same_kind = a.currency == b.currency && a.same_unit(b) && a.is_percent() == b.is_percent();
    let (x, y) = (signed_value(answer, ai, a), signed_value(answer, bi, b));
    if !same_kind || x == y || range_end(answer, nums, bi, b).is_some() {
        return None;
    }
    ((x > y) != larger).then_some((
        cs + p,
        cs + end,
        "comparison contradicts the values stated with it",
    ))
}

/// A share the claim states compared with a fraction written in words: "about 62% of the way
/// there — less than halfway", "you've used 58% of your credits, more than half". The claim
/// must state exactly one percent, the share compared (several leave the subject unknown).
fn fraction_word_conflict(
    cs: usize,
    lower: &str,
    nums: &[(&Item, &ClaimNumber)],
) -> Option<(usize, usize, &'static str)> {
    const FRACTIONS: &[(&str, f64)] = &[
        ("halfway", 50.0),
        ("half", 50.0),
        ("a third", 100.0 / 3.0),
        ("a quarter", 25.0),
        ("two thirds", 200.0 / 3.0),
        ("two-thirds", 200.0 / 3.0),
        ("three quarters", 75.0),
        ("three-quarters", 75.0),
    ];
    const SIDES: &[(&str, bool)] = &[
        ("more than ", true),
        ("over ", true),
        ("above ", true),
        ("past ", true),
        ("less than ", false),
        ("under ", false),
        ("below ", false),
        ("short of ", false),
    ];
    let mut percents = nums.iter().filter(|(_, n)| n.is_percent());
    let (_, share) = percents.next()?;
    if percents.next().is_some() {
        return None;
    }
    for &(side, larger) in SIDES {
        for (at, _) in lower.match_indices(side) {
            if at > 0 && lower.as_bytes()[at - 1].is_ascii_alphanumeric() {
                continue;
            }
            let rest = &lower[at + side.len()..];
            let rest = rest.strip_prefix("the ").unwrap_or(rest);
            let Some(&(word, value)) = FRACTIONS.iter().find(|(w, _)| {
                rest.strip_prefix(w)
                    .is_some_and(|r| !r.starts_with(|ch: char| ch.is_ascii_alphanumeric()))
            }) else {
                continue;
            };
            let x = share.value;
            if (x - value).abs() < 0.5 {
                return None;
            }
            if (x > value) != larger {
                let end = lower.len() - rest.len() + word.len();
                return Some((
                    cs + at,
                    cs + end,
                    "comparison contradicts the share stated with it",
                ));
            }
            return None;
        }
    }
    None
}

/// A direction word of the claim `answer[cs..ce]` that its own numbers contradict: a
/// comparative ("A is colder than B … 6°C versus -2°C": the first value must be the smaller),
/// a ranking ("the least discussed … 39 comments, followed by … 30": the order must rise), or
/// a change ("X were up from 893,311" against the value of X stated earlier in the answer).
/// Returns the byte span to flag and the reason.
pub(super) fn direction_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
    all: &[(Item, Option<ClaimNumber>)],
) -> Option<(usize, usize, &'static str)> {
    let text = &answer[cs..ce];
    // ASCII folding keeps every byte offset (the words searched are ASCII).
    let lower = text.to_ascii_lowercase();
    let mut nums: Vec<(&Item, &ClaimNumber)> = all
        .iter()
        .filter_map(|(i, n)| n.as_ref().map(|n| (i, n)))
        .collect();
    nums.sort_by_key(|(i, _)| i.start);
    if let Some(found) = stated_difference_conflict(answer, cs, &lower, &nums) {
        return Some(found);
    }
    if let Some(found) = threshold_conflict(answer, cs, &lower, &nums) {
        return Some(found);
    }
    if let Some(found) = super::referent::referent_conflict(answer, cs, &lower, &nums) {
        return Some(found);
    }
    if let Some(found) = fraction_word_conflict(cs, &lower, &nums) {
        return Some(found);
    }
    let word_at = |w: &str| word_at(&lower, w);
    // Comparative "… than …" with two values of the same unit after the word.
    for &(w, first_larger) in COMPARATIVES {
        let Some(p) = word_at(&format!("{w} than")) else {
            continue;
        };
        // Values of the comparison's own clause: "… less than evening (38.9 L), and the best
        // day was … with 19.8 L" compares nothing with the 19.8.
        let clause_end = [", and ", "; ", " — ", ". "]
            .iter()
            .filter_map(|b| lower[p..].find(b).map(|e| cs + p + e))
            .min()
            .unwrap_or(ce);
        // The amount of the difference ("lower than the old one's by 1.70 points (1.92% vs
        // 0.22%)") is no value compared.
        let by = |i: &Item| {
            answer[..i.start]
                .trim_end()
                .to_ascii_lowercase()
                .ends_with(" by")
        };
        let after: Vec<&(&Item, &ClaimNumber)> = nums
            .iter()
            .filter(|(i, _)| i.start >= cs + p && i.start < clause_end && !by(i))
            .collect();
        if after.len() == 2
            && after[0].1.unit == after[1].1.unit
            && after[0].1.noun == after[1].1.noun
        {
            let (mut a, mut b) = (
                signed_value(answer, after[0].0, after[0].1),
                signed_value(answer, after[1].0, after[1].1),
            );
            // "worth more than $100 per pound ($120/lb)": the value right after "than" is what
            // the subject is compared with, and the subject's own value follows it.
            let than_end = p + w.len() + 5;
            let to_first = lower
                .get(than_end..after[0].0.start - cs)
                .unwrap_or("")
                .trim();
            let object_is_value = to_first.chars().all(|ch| !ch.is_alphanumeric());
            if object_is_value {
                // The subject's value in parentheses right after ("($120/lb)"); another number
                // further on ("more than 30 days … after 14 days' notice") is not compared.
                let between = lower
                    .get(after[0].0.end - cs..after[1].0.start.max(after[0].0.end) - cs)
                    .unwrap_or("");
                if !(between.len() <= 24 && between.trim_end().ends_with('(')) {
                    return None;
                }
                std::mem::swap(&mut a, &mut b);
            }
            if a != b && (a > b) != first_larger {
                return Some((
                    cs + p,
                    cs + p + w.len() + 5,
                    "comparison contradicts the values stated with it",
                ));
            }
        }
        return None;
    }
    // Comparative with the two values set side by side after it: "Q1 has more open pipeline
    // ($5.6 million vs $9.6 million)" — the first value is the subject's.
    for &(w, first_larger) in COMPARATIVES {
        let Some(p) = word_at(w) else { continue };
        let after: Vec<&(&Item, &ClaimNumber)> = nums
            .iter()
            .filter(|(i, _)| i.start >= cs + p + w.len())
            .take(2)
            .collect();
        let [x, y] = after[..] else { continue };
        let Some(between) = lower.get(x.0.end - cs..y.0.start.max(x.0.end) - cs) else {
            break;
        };
        let between = between.trim();
        let side_by_side = [
            "vs",
            "vs.",
            "versus",
            "compared with",
            "compared to",
            "against",
        ]
        .contains(&between);
        if side_by_side && x.1.unit == y.1.unit && x.1.currency == y.1.currency {
            let (a, b) = (
                signed_value(answer, x.0, x.1),
                signed_value(answer, y.0, y.1),
            );
            if a != b && (a > b) != first_larger {
                return Some((
                    cs + p,
                    cs + p + w.len(),
                    "comparison contradicts the values stated with it",
                ));
            }
        }
        break;
    }
    // Ranking "the most/least …, followed by …": values must be ordered accordingly.
    if let Some(fb) = word_at("followed by") {
        for &(w, descending) in SUPERLATIVES {
            let Some(p) = word_at(w) else { continue };
            if p > fb {
                continue;
            }
            // The first value after "followed by" is ranked against the last value of the same
            // unit and currency before it ("AWS Lambda at $17,292.56 (roughly 52% of the
            // bill), followed by … ($6,873.32)": dollars with dollars, not the share).
            let &(first_after, first_n) = nums.iter().find(|(i, _)| i.start > cs + fb)?;
            let before: Vec<f64> = nums
                .iter()
                .filter(|(i, n)| {
                    i.start > cs + p
                        && i.start < cs + fb
                        && n.unit == first_n.unit
                        && n.currency == first_n.currency
                })
                .map(|(i, n)| signed_value(answer, i, n))
                .collect();
            let after = [signed_value(answer, first_after, first_n)];
            if let (Some(&a), Some(&b)) = (before.last(), after.first()) {
                if a != b && (a > b) != descending {
                    let start = if lower[..p].trim_end().ends_with("the") {
                        lower[..p].trim_end().len() - 3
                    } else {
                        p
                    };
                    let end = p
                        + w.len()
                        + lower[p + w.len()..]
                            .split_whitespace()
                            .next()
                            .map_or(0, |nw| {
                                lower[p + w.len()..].find(nw).unwrap_or(0) + nw.len()
                            });
                    return Some((
                        cs + start,
                        cs + end.min(text.len()),
                        "ranking contradicts the values stated with it",
                    ));
                }
            }
            return None;
        }
    }
    // Change "X were up/down from N": compare N with the value of X stated earlier.
    let change = re().change_from.captures(text)?;
    let verb = change.name("verb")?;
    let up = matches!(
        verb.as_str().to_lowercase().as_str(),
        "up" | "increased" | "rose" | "grew" | "climbed"
    );
    let from = nums.iter().find(|(i, _)| i.start >= cs + verb.end())?;
    // "rose from 144.9 g to 138.2 g": both ends stated, the direction is theirs.
    if let Some(to) = nums.iter().find(|(i, _)| i.start >= from.0.end) {
        let between = answer.get(from.0.end..to.0.start).unwrap_or("");
        let same_kind = from.1.currency == to.1.currency
            && from.1.is_percent() == to.1.is_percent()
            && (from.1.unit.is_empty()
                || to.1.unit.is_empty()
                || from.1.unit.eq_ignore_ascii_case(&to.1.unit));
        // The unit may follow each value ("144.9 g to 138.2 g").
        let unit_after_to = answer[to.0.end..].split_whitespace().next().unwrap_or("");
        let joined = match between.split_whitespace().collect::<Vec<_>>()[..] {
            [t] => t.eq_ignore_ascii_case("to"),
            [u, t] => {
                t.eq_ignore_ascii_case("to")
                    && unit_after_to.trim_end_matches([',', '.', ';', ')']) == u
            }
            _ => false,
        };
        if joined && same_kind {
            let (a, b) = (
                signed_value(answer, from.0, from.1),
                signed_value(answer, to.0, to.1),
            );
            if a != b && (b > a) != up {
                return Some((
                    cs + verb.start(),
                    cs + verb.end(),
                    "direction of change contradicts the values stated",
                ));
            }
            return None;
        }
    }
    let subject = text[..verb.start()].to_lowercase();
    let subject = subject
        .trim()
        .trim_end_matches(" were")
        .trim_end_matches(" was")
        .trim_end_matches(" is")
        .trim_end_matches(" are")
        .trim_end_matches(" have")
        .trim_end_matches(" has")
        .trim();
    let subject: String = subject
        .split_whitespace()
        .rev()
        .take(2)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join(" ");
    if subject.is_empty() {
        return None;
    }
    // The last "<number> <subject>" before this claim.
    let earlier = answer[..cs].to_ascii_lowercase();
    let mut current: Option<f64> = None;
    for c in re().number_in(answer).captures_iter(&answer[..cs]) {
        let w = c.get(0).unwrap();
        if earlier[w.end()..].trim_start().starts_with(&subject) {
            current = Some(captured_value(&c).unwrap_or(f64::NAN) * captured_magnitude(&c));
        }
    }
    let cur = current?;
    let prev = from.1.value * from.1.magnitude;
    if cur.is_finite() && cur != prev && (cur > prev) != up {
        return Some((
            cs + verb.start(),
            cs + verb.end(),
            "direction of change contradicts the values stated",
        ));
    }
    None
}

/// The decimals written in the number that starts at `start` of `answer` (after a currency
/// sign): 2 for "$113.86", 0 for "1,200".
fn decimals_at(answer: &str, start: usize) -> i32 {
    let rest = answer[start..].trim_start_matches(|ch: char| !ch.is_ascii_digit());
    let token = rest
        .split(|ch: char| !(ch.is_ascii_digit() || ch == '.' || ch == ','))
        .next()
        .unwrap_or("")
        .trim_end_matches(['.', ',']);
    token
        .split_once('.')
        .map_or(0, |(_, f)| f.len().min(9) as i32)
}

/// Superlatives that rank a value stated right after them ("the largest was $14.37").
const RANKING: &[(&str, bool)] = &[
    ("largest", true),
    ("biggest", true),
    ("highest", true),
    ("most expensive", true),
    ("smallest", false),
    ("lowest", false),
    ("cheapest", false),
    ("least expensive", false),
];

/// A superlative stated with its value that the evidence contradicts: "The largest was $14.37
/// at Cava" when `$14.37` is a value of a field (across an array of records) of which the
/// answer also names a larger one ($64.59). The value is ranked among the values of that field
/// the answer mentions — an answer about some records (the eating-out charges among all
/// transactions) ranks those — unless it is the extreme of the whole field. A value found in no
/// field, or ranked among no other mentioned value, is left to the other checks.
pub(super) fn superlative_conflict<'a>(
    answer: &str,
    cs: usize,
    ce: usize,
    all: &[(Item, Option<ClaimNumber>)],
    fields: impl IntoIterator<Item = &'a Vec<f64>>,
    mentioned: &[AnswerNumber],
) -> Option<(usize, usize, &'static str)> {
    let lower = answer[cs..ce].to_ascii_lowercase();
    for &(w, largest) in RANKING {
        let Some(p) = word_at(&lower, w) else {
            continue;
        };
        let end = p + w.len();
        // "highest-rated" ranks by another quantity than the value that follows.
        if lower.as_bytes().get(end) == Some(&b'-') {
            continue;
        }
        // The first number after the word, in the same clause, a few words on.
        let (item, n) = all
            .iter()
            .filter_map(|(i, n)| n.as_ref().map(|n| (i, n)))
            .filter(|(i, _)| i.start >= cs + end)
            .min_by_key(|(i, _)| i.start)?;
        let gap = &lower[end..item.start - cs];
        if gap.contains([',', ';', '(', '.', '\n']) || gap.split_whitespace().count() > 5 {
            return None;
        }
        let v = signed_value(answer, item, n);
        let tol = 0.5 * 10f64.powi(-n.decimals) * n.magnitude + 1e-9 * v.abs();
        let near = |x: f64, y: f64, t: f64| (x - y).abs() <= t;
        let mut ranked_wrong = false;
        for f in fields
            .into_iter()
            .filter(|f| f.iter().any(|x| near(*x, v, tol)))
        {
            let beyond = |x: f64| if largest { x > v + tol } else { x < v - tol };
            if !f.iter().any(|&x| beyond(x)) {
                return None; // the extreme of the whole field
            }
            // A mentioned number is that value to its own precision ("$113.86" for a cost per
            // lead of 113.8623…).
            let outranked = f.iter().any(|&x| {
                beyond(x)
                    && mentioned.iter().any(|m| {
                        let half = 0.5 * 10f64.powi(-decimals_at(answer, m.start()));
                        near(m.value(), x, half.max(1e-6 * x.abs().max(1.0)))
                    })
            });
            if !outranked {
                return None;
            }
            ranked_wrong = true;
        }
        return ranked_wrong.then_some((
            cs + p,
            cs + end,
            "superlative contradicts the values of the field it ranks",
        ));
    }
    None
}

/// Words of a rise and of a fall right before the percent they change by ("up 8.7% MoM",
/// "fell by 3.1%").
const RISE: &[&str] = &[
    "up",
    "rose",
    "increased",
    "grew",
    "climbed",
    "gained",
    "jumped",
];
const FALL: &[&str] = &[
    "down",
    "fell",
    "decreased",
    "dropped",
    "declined",
    "slipped",
    "shrank",
];
/// Most pairs of related evidence values a change is sought among.
const MAX_CHANGE_PAIRS: usize = 4096;

/// A change whose direction the evidence contradicts: "up 8.7% MoM" where 8.7% is what the
/// smaller of two related values is below the larger, as a share of the larger — a fall of
/// 8.7% — and no pair rises by it. A rise of P% from S to L is (L − S) / S; a fall of P% from
/// L to S is (L − S) / L: the percent alone says which value is the base, so the direction
/// is checked without knowing which value is the later one. Related values: two fields of
/// one record named alike (`visits`, `prior_year_visits`: the same last word), or one field
/// of sibling records (a series of weeks or months), one of them a value the claim states.
/// Unrelated pairs are never compared: a coincidence among them would say nothing.
pub(super) fn change_sign_conflict(
    answer: &str,
    cs: usize,
    all: &[(Item, Option<ClaimNumber>)],
    records: &[Record],
) -> Option<(usize, usize, &'static str)> {
    for (item, n) in all {
        let Some(n) = n else { continue };
        if !n.is_percent() || item.start < cs {
            continue;
        }
        let before = answer[cs..item.start].trim_end();
        let before = before.strip_suffix(" by").unwrap_or(before);
        let word_start = before
            .char_indices()
            .rev()
            .find(|&(_, ch)| !ch.is_alphabetic())
            .map_or(0, |(p, ch)| p + ch.len_utf8());
        let word = before[word_start..].to_ascii_lowercase();
        let (rise, fall) = (RISE.contains(&word.as_str()), FALL.contains(&word.as_str()));
        if !rise && !fall {
            continue;
        }
        let p = n.value;
        let tol = 0.5 * 10f64.powi(-n.decimals.max(0)) + 1e-9;
        // The pair must hold a value the claim states ("$267K in April 2026, up 8.7% MoM"):
        // one change among many related pairs may match by chance.
        let stated: Vec<(f64, f64)> = all
            .iter()
            .filter_map(|(i, m)| {
                m.as_ref()
                    .filter(|m| i.start != item.start && !m.is_percent())
            })
            .map(|m| {
                let v = m.value * m.magnitude;
                (
                    v,
                    0.5 * 10f64.powi(-m.decimals.max(0)) * m.magnitude + 1e-9 * v.abs(),
                )
            })
            .collect();
        let held = |x: f64| stated.iter().any(|&(v, t)| (x - v).abs() <= t);
        let (mut ups, mut downs) = (false, false);
        related_pairs(records, |a, b| {
            let (small, large) = if a <= b { (a, b) } else { (b, a) };
            if small > 0.0 && large > small && (held(a) || held(b)) {
                ups |= ((large - small) / small * 100.0 - p).abs() <= tol;
                downs |= ((large - small) / large * 100.0 - p).abs() <= tol;
            }
        });
        if (rise && downs && !ups) || (fall && ups && !downs) {
            let s = cs + word_start;
            return Some((
                s,
                s + word.len(),
                "direction of change contradicts the values it is computed from",
            ));
        }
    }
    None
}

/// Calls `f` on pairs of related values (see [`change_sign_conflict`]); at most
/// [`MAX_CHANGE_PAIRS`] pairs are looked at, whatever the size of the evidence.
fn related_pairs(records: &[Record], mut f: impl FnMut(f64, f64)) {
    fn last_word(k: &str) -> &str {
        k.rsplit(|ch: char| !ch.is_alphanumeric())
            .next()
            .unwrap_or("")
    }
    let mut budget = MAX_CHANGE_PAIRS;
    // Two fields of one record named alike.
    for r in records {
        for (i, (ka, a)) in r.fields.iter().enumerate() {
            for (kb, b) in &r.fields[i + 1..] {
                if budget == 0 {
                    return;
                }
                budget -= 1;
                let la = last_word(ka);
                if la.len() >= 3 && la.eq_ignore_ascii_case(last_word(kb)) {
                    f(*a, *b);
                }
            }
        }
    }
    // One field of sibling records.
    for list in super::records::lists(records, MAX_SERIES) {
        for (i, &r) in list.iter().enumerate() {
            for &s in &list[i + 1..] {
                for (k, a) in &records[r].fields {
                    if budget == 0 {
                        return;
                    }
                    budget -= 1;
                    if let Some(b) = records[s].field(k) {
                        f(*a, b);
                    }
                }
            }
        }
    }
}

/// Most records of one list compared in [`related_pairs`].
const MAX_SERIES: usize = 24;

#[cfg(test)]
mod tests {
    use crate::report::ClaimStatus;
    use crate::stage2::test_support::{all_supported, score};

    #[test]
    fn a_ranking_of_named_records_without_their_values() {
        let tx = r#"{"transactions":[{"merchant":"Tatte","amount":14.37},{"merchant":"Cava","amount":64.59},{"merchant":"Shell","amount":120.0}]}"#;
        let ok = |a: &str| all_supported(tx, a);
        assert!(ok("The smallest charge was at Tatte."));
        assert!(!ok("The smallest charge was at Cava."));
        assert!(ok("The largest charge was at Shell."));
        let debits = tx.replace("\"amount\":", "\"amount\":-");
        assert!(all_supported(&debits, "The largest charge was at Shell."));
        assert!(!all_supported(&debits, "The largest charge was at Tatte."));
        // Ranked among the rows the answer mentions.
        assert!(ok(
            "Cava ($64.59) and Tatte ($14.37): the largest charge was at Cava."
        ));
        let stock = r#"{"sites":[{"site":"Kent DC","on_hand":3694,"allocated":35,"free_stock":3659},{"site":"Reno FC","on_hand":667,"allocated":531,"free_stock":136}]}"#;
        assert!(all_supported(stock, "Kent DC has more free stock."));
        assert!(!all_supported(stock, "Kent DC has lower free stock."));
        // Several fields and none named: nothing to judge.
        assert!(all_supported(stock, "Reno FC is the smallest site."));
    }

    /// Whether the answer gets a direction-conflict flag against the evidence `ev`.
    fn direction_flagged(ev: &str, a: &str) -> bool {
        crate::stage2::test_support::flagged_as(ev, a, crate::report::FlagKind::DirectionConflict)
    }

    #[test]
    fn within_and_beyond_a_stated_limit() {
        let ev =
            r#"{"expired_days_ago":13,"grace_days":30,"months_in_arrears":1,"limit_months":3}"#;
        let flagged = |a: &str| direction_flagged(ev, a);
        assert!(!flagged(
            "The licence expired 13 days ago, within the 30 days allowed, so no late fee applies."
        ));
        assert!(flagged(
            "The licence expired 13 days ago, beyond the 30 days allowed, so no late fee applies."
        ));
        assert!(!flagged(
            "One (1) month in arrears is within the 3-month limit."
        ));
        assert!(flagged(
            "One (1) month in arrears is beyond the 3-month limit."
        ));
        assert!(flagged(
            "One (1) month in arrears is outside the 3-month limit."
        ));
        // A band: inside or outside both ends.
        let band = r#"{"ask":205000,"low":175000,"high":215000}"#;
        let in_band = |a: &str| direction_flagged(band, a);
        assert!(!in_band(
            "They're asking for $205k, which is inside the $175k–$215k band."
        ));
        assert!(in_band(
            "They're asking for $205k, which is outside the $175k–$215k band."
        ));
        assert!(in_band(
            "They're asking for $205k, which is above the $175k–$215k band."
        ));
        assert!(!in_band(
            "They're asking for $205k, which is above the $175k floor."
        ));
        // A span with no subject value: nothing to compare.
        assert!(!flagged("Renew within the 30 days allowed."));
    }

    #[test]
    fn a_value_set_beside_a_threshold_after_a_comma() {
        let ev = r#"{"battery_health_pct":89,"denials":4,"floor_pct":75,"lockout_limit":5}"#;
        let flagged = |a: &str| direction_flagged(ev, a);
        assert!(!flagged("Battery health 89%, above the 75% floor."));
        assert!(flagged("Battery health 89%, below the 75% floor."));
        assert!(!flagged("4 denials, under the lockout limit of 5."));
        assert!(flagged("4 denials, over the lockout limit of 5."));
        // A span of time after the word, with no determiner, is no threshold.
        assert!(!flagged("4 denials, over 5 days."));
        // The value restated in parentheses before the comma; the distance before the word.
        let tyre = r#"{"pressure_kpa":320,"recommended_kpa":380}"#;
        let flagged_tyre = |a: &str| direction_flagged(tyre, a);
        assert!(!flagged_tyre(
            "The tyre is at 320 kPa (46 psi), 16% below the recommended 380 kPa."
        ));
        assert!(flagged_tyre(
            "The tyre is at 320 kPa (46 psi), 16% above the recommended 380 kPa."
        ));
    }

    #[test]
    fn a_share_against_a_fraction_in_words() {
        let ev = r#"{"trip_miles":1243,"remaining_miles":468}"#;
        let flagged = |a: &str| direction_flagged(ev, a);
        assert!(!flagged(
            "You're about 62% of the way there — more than halfway."
        ));
        assert!(flagged(
            "You're about 62% of the way there — less than halfway."
        ));
        assert!(!flagged("That is 20% of the budget, less than a quarter."));
        assert!(flagged("That is 20% of the budget, over a quarter."));
        // Two shares: which one is compared is not known.
        assert!(!flagged("Down 10% to 62% of the way, less than half."));
    }

    #[test]
    fn a_change_between_two_stated_values() {
        let ev = r#"{"feed_per_egg_g_w1":144.9,"feed_per_egg_g_w4":138.2}"#;
        let flagged = |a: &str| direction_flagged(ev, a);
        assert!(!flagged(
            "Feed per egg fell from 144.9 g to 138.2 g over the four weeks."
        ));
        assert!(flagged(
            "Feed per egg rose from 144.9 g to 138.2 g over the four weeks."
        ));
        assert!(!flagged(
            "Feed per egg rose from 138.2 g to 144.9 g over the four weeks."
        ));
    }

    #[test]
    fn a_value_compared_with_a_threshold_the_sentence_states() {
        let card = r#"{"balance":13.2,"fare":10.0,"min":10.0}"#;
        let flagged = direction_flagged;
        let bring = "That would bring your card to about $3.20, which is";
        assert!(!flagged(card, &format!("{bring} below the $10.00 point.")));
        assert!(flagged(card, &format!("{bring} above the $10.00 point.")));
        // A distance right before the word is not the subject.
        let band = r#"{"offer":168000,"band_mid":165000}"#;
        assert!(!flagged(
            band,
            "$168,000 is 1.8% above the band midpoint of $165,000."
        ));
        assert!(flagged(
            band,
            "$168,000 is 1.8% below the band midpoint of $165,000."
        ));
        let cart = r#"{"cart":80,"threshold":100}"#;
        assert!(!flagged(
            cart,
            "Your cart is $80, so it's $20 below the $100 threshold."
        ));
        assert!(flagged(
            cart,
            "Your cart is $80, so it's $20 above the $100 threshold."
        ));
        // Arithmetic may stand between the subject and its verb; the kind must match.
        let labour = r#"{"hours":1.7,"rate":115,"est":1.6}"#;
        let l = "Labor so far: 1.7 h × $115/h = $195.50, which is";
        assert!(!flagged(labour, &format!("{l} over the 1.6 h estimate.")));
        assert!(flagged(labour, &format!("{l} under the 1.6 h estimate.")));
        // Inclusive bounds, and no subject where a modifier stands between ("across 2 lots").
        let kits = r#"{"kits":24,"lots":2,"reorder":10}"#;
        assert!(flagged(
            kits,
            "Usable kits: 24, which is at or below the reorder threshold of 10."
        ));
        assert!(!flagged(
            kits,
            "Usable kits: 24 across 2 lots, which is below the reorder threshold of 10."
        ));
        // No linking verb: the comparison modifies a noun ("balances below $100").
        assert!(!flagged(
            cart,
            "A fee of $80 applies to balances below $100."
        ));
        // "more than 3 points under target" compares a distance from the target, not a
        // value with a threshold of 3.
        let line = r#"{"line":"Line 2","yield_pct":42.5,"target_pct":46}"#;
        assert!(!flagged(
            line,
            "Line 2 is more than 3 percentage points under target, so it is reviewed."
        ));
        assert!(flagged(line, "Line 2 is more than 3, so it is reviewed."));
    }

    #[test]
    fn a_stated_difference_and_its_direction() {
        let claim = r#"{"claim":{"approved_amount":15245.68,"estimate":16359.32},"plan":{"current":9360.0,"new":17520.0}}"#;
        let ok = |a: &str| all_supported(claim, a);
        assert!(ok("It was approved for $15,245.68, $1,113.64 below the contractor's estimate ($16,359.32)."));
        assert!(!ok("It was approved for $15,245.68, $1,113.64 above the contractor's estimate ($16,359.32)."));
        assert!(ok(
            "Your charge would change from $9,360.00 to $17,520.00 per year — $8,160.00 more."
        ));
        assert!(!ok(
            "Your charge would change from $9,360.00 to $17,520.00 per year — $8,160.00 less."
        ));
        // A number that is not the difference of the two leaves the direction unjudged.
        let sched = r#"{"enrolled_credits":15,"max_credits":20}"#;
        assert!(all_supported(
            sched,
            "You're enrolled in 15 credits, 5 credits under the 20-credit cap."
        ));
    }

    #[test]
    fn a_difference_that_no_stated_value_yields() {
        let rental = r#"{"rental":{"total":313.44,"tax":33.58,"estimate":266.78,"other_rental_total":266.78}}"#;
        let ok = |a: &str| all_supported(rental, a);
        assert!(ok("It came to $313.44 including $33.58 tax, which is $46.66 more than the $266.78 estimate."));
        let bad = score(
            rental,
            "It came to $266.78 including $33.58 tax, which is $46.66 more than the $266.78 estimate.",
        );
        let flags: Vec<&str> = bad
            .iter()
            .flat_map(|c| &c.flagged_spans)
            .map(|f| f.text.as_str())
            .collect();
        assert!(flags.contains(&"$46.66"), "{bad:?}");
        // A subject the sentence does not state, and "less" as a subtraction, are not judged.
        assert!(ok("That's $46.66 more than the $266.78 estimate."));
        let fee = r#"{"fee":190.0,"assistance":142.5,"to_pay":47.5}"#;
        assert!(all_supported(
            fee,
            "The fee of $190.00 less the $142.50 assistance leaves $47.50 to pay."
        ));
    }

    #[test]
    fn direction_words_against_the_stated_values() {
        let weather = r#"{"edinburgh":{"temp_c":6},"krakow":{"temp_c":-2}}"#;
        let bad = score(
            weather,
            "Edinburgh is colder than Krakow at the moment: 6°C versus -2°C.",
        );
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[0].flagged_spans[0].text, "colder than");
        assert!(score(
            weather,
            "Edinburgh is warmer than Krakow at the moment: 6°C versus -2°C."
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
        // The amount of the difference, after "by", is not one of the values compared.
        let rates = r#"{"new_error_rate_pct":1.92,"old_error_rate_pct":0.22}"#;
        assert!(all_supported(
            rates,
            "The new variation's error rate is higher than the old one's by 1.70 points (1.92% vs 0.22%)."
        ));
        let bad = score(
            rates,
            "The new variation's error rate is lower than the old one's by 1.70 points (1.92% vs 0.22%).",
        );
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        // A value of the next clause is not compared.
        let milk = r#"{"morning_l":35.3,"evening_l":38.9,"best_day_l":19.8}"#;
        assert!(all_supported(
            milk,
            "Morning pourings (35.3 L) were less than evening (38.9 L), and the best day had 19.8 L."
        ));
        let issues = r#"[{"number":2918,"comments":39},{"number":189,"comments":30}]"#;
        let bad = score(
            issues,
            "The least discussed is #2918 with 39 comments, followed by #189 with 30.",
        );
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[0].flagged_spans[0].text, "The least discussed");
        assert!(score(
            issues,
            "The most discussed is #2918 with 39 comments, followed by #189 with 30."
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
        let weekly = r#"{"active":826987,"previous_active":893311}"#;
        let bad = score(weekly, "There were 826,987 active customers. Active customers were up from 893,311 the week before.");
        assert_eq!(bad[1].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[1].flagged_spans[0].text, "up");
        assert!(all_supported(weekly, "There were 826,987 active customers. Active customers were down from 893,311 the week before."));
    }

    #[test]
    fn rankings_and_comparisons_with_shares_and_thresholds() {
        let bill = r#"{"total":1200.75,"lines":[{"service":"Compute","cost":900.5},{"service":"Storage","cost":300.25}]}"#;
        // The share stated with the first value is not what the next one is ranked against.
        assert!(all_supported(
            bill,
            "The biggest line is Compute at $900.50 (about 75% of the bill), followed by Storage ($300.25)."
        ));
        let bad = score(
            bill,
            "The smallest line is Compute at $900.50 (about 75% of the bill), followed by Storage ($300.25).",
        );
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        // "more than <threshold> (<own value>)": the own value is compared with the threshold.
        let item = r#"{"item":"piano","value_per_lb":80,"threshold_per_lb":50}"#;
        assert!(all_supported(
            item,
            "The piano is worth more than $50 per pound ($80/lb)."
        ));
        let bad = score(item, "The piano is worth less than $50 per pound ($80/lb).");
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn a_percent_written_out_compared_with_one_in_digits() {
        // "ninety-six percent (96%)" against "eighty-five percent (85%)", where the evidence
        // writes the threshold the same way (its words then read as the evidence's, leaving
        // the digits): "percent" and "%" are one unit.
        let case = r#"{"hits":[{"list":"OFAC SDN List","score":96}]}"#;
        let rule =
            "2.1 A hit scoring eighty-five percent (85%) or more is treated as a potential match.";
        let says = |w: &str| {
            format!("The hit scored ninety-six percent (96%), {w} the threshold of eighty-five percent (85%) in 2.1.")
        };
        let flagged = |w: &str| {
            crate::stage2::test_support::score_by(&[case, rule], &says(w))
                .iter()
                .any(|c| c.status == ClaimStatus::Contradicted)
        };
        assert!(flagged("below"));
        assert!(!flagged("above"));
    }
}
