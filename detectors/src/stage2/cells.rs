//! A Markdown table row's cell against the record the row names ([`cell_conflict`]):
//! "| 100-hour inspection | 3.5 h | 4.2 h | open |" under "| Task | Est. | Actual | Status |"
//! of a task whose `status` is `complete` while its sibling tasks are `open`.
//!
//! The row names its record by a cell that exactly one record holds as a short string field
//! or identifier; a cell under a column whose header names a short string field of that record
//! ("Status" → `status`, "Type" → `movement_type`) states that field. It contradicts the
//! record when the record holds another value there and a sibling record (one of the same
//! list) holds the cell's: a value of the field's own vocabulary given to the wrong row. A
//! value no sibling holds (a paraphrase, "done" for `complete`) is left to the other checks.
//!
//! The same in prose ([`record_value_conflict`]): a one-word value of a list's field, stated as
//! the state of the one record a claim (or its line) names ("JetLink Rides … on a waitlist
//! only" of an operator that is `available` while a sibling is on the `waitlist`).

use super::records::{key_of, Named, Record};
use super::terms::{contains_terms, normalize_terms};

/// Most cells of a row read.
const MAX_CELLS: usize = 16;

/// The cells of the table row `answer[cs..ce]`: byte ranges of their text, markup trimmed.
pub(super) fn cells(answer: &str, cs: usize, ce: usize) -> Vec<(usize, usize)> {
    let row = &answer[cs..ce];
    let Some(first) = row.find('|') else {
        return Vec::new();
    };
    if !row[..first].trim().is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut at = first + 1;
    while let Some(k) = row[at..].find('|') {
        let (st, en) = (at, at + k);
        let raw = &row[st..en];
        let markup = |ch: char| ch.is_whitespace() || matches!(ch, '*' | '_' | '`');
        let lead = raw.len() - raw.trim_start_matches(markup).len();
        let inner = raw.trim_matches(markup);
        out.push((cs + st + lead, cs + st + lead + inner.len()));
        at = en + 1;
        if out.len() >= MAX_CELLS {
            break;
        }
    }
    out
}

/// Whether a column header names the field `name` (`field_name` form): the same terms, or the
/// field's last terms ("Status" of `task_status`).
fn header_names(header: &str, name: &str) -> bool {
    let h = normalize_terms(header);
    let f = normalize_terms(&name.replace('_', " "));
    !h.is_empty() && (h == f || f.ends_with(&format!(" {h}")))
}

/// The records holding `value` (as [`key_of`] writes it) as a short string field or an
/// identifier.
fn holders(records: &[Record], value: &str) -> Vec<usize> {
    (0..records.len())
        .filter(|&r| {
            records[r].texts.iter().any(|(_, v)| v == value)
                || records[r].ids.iter().any(|v| v == value)
        })
        .collect()
}

/// A cell of the table row `answer[cs..ce]` that states, of the record the row names, a value
/// of a field that record does not hold and a sibling does: the cell's byte range.
pub(super) fn cell_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
    records: &[Record],
) -> Option<(usize, usize)> {
    let cells = cells(answer, cs, ce);
    if cells.len() < 2 {
        return None;
    }
    let values: Vec<String> = cells.iter().map(|&(s, e)| key_of(&answer[s..e])).collect();
    // The record the row names: a cell exactly one record holds.
    let (anchor_cell, r) = values.iter().enumerate().find_map(|(k, v)| {
        if v.is_empty() || !v.contains(char::is_alphanumeric) {
            return None;
        }
        match holders(records, v)[..] {
            [r] => Some((k, r)),
            _ => None,
        }
    })?;
    let parent = records[r].parent?;
    for (k, &(s, e)) in cells.iter().enumerate() {
        if k == anchor_cell || values[k].is_empty() {
            continue;
        }
        let Some(header) = crate::text::table_header(answer, s) else {
            continue;
        };
        let cell = normalize_terms(&values[k]);
        let fields: Vec<&(String, String)> = records[r]
            .texts
            .iter()
            .filter(|(n, _)| header_names(header, n))
            .collect();
        // The record's own value under this column: the cell agrees (the other cells are
        // still read).
        if fields.iter().any(|(_, held)| normalize_terms(held) == cell) {
            continue;
        }
        for (name, _) in fields {
            let sibling_holds = records.iter().enumerate().any(|(o, rec)| {
                o != r
                    && rec.parent == Some(parent)
                    && rec
                        .texts
                        .iter()
                        .any(|(n, v)| n == name && normalize_terms(v) == cell)
            });
            if sibling_holds {
                return Some((s, e));
            }
        }
    }
    None
}

/// Words before a value that negate it ("not available", "isn't on a waitlist").
fn negated_before(lower: &str, at: usize) -> bool {
    lower[..at]
        .split_whitespace()
        .rev()
        .take(3)
        .any(|w| matches!(w, "not" | "no" | "never" | "without") || w.ends_with("n't"))
}

/// Words that may open the stretch of a claim that states a state ("; on a waitlist only",
/// "— available", "status: limited").
const FRAME_WORDS: &[&str] = &[
    "on",
    "a",
    "an",
    "the",
    "is",
    "are",
    "was",
    "were",
    "currently",
    "now",
    "still",
    "only",
    "it's",
    "it",
    "and",
    "but",
    "status",
];

/// Whether the value at `at` of the claim (`lower` from `cs`) is stated as the record's state:
/// after a copula, or opening a stretch of the claim after a separator with only
/// [`FRAME_WORDS`] before it — not a count ("5 attended"), a code (`enrolled_credits`) or the
/// object of a verb ("donate plasma").
fn stated_as_a_state(answer: &str, cs: usize, lower: &str, at: usize, len: usize) -> bool {
    let head = &lower[..at];
    if head.ends_with(['_', '`', '-']) {
        return false;
    }
    let seg = head
        .rfind([';', ',', '(', ':', '\n', '|'])
        .map_or(0, |k| k + 1)
        .max(
            head.rfind('\u{2014}')
                .map_or(0, |k| k + '\u{2014}'.len_utf8()),
        )
        .max(
            head.rfind('\u{2013}')
                .map_or(0, |k| k + '\u{2013}'.len_utf8()),
        );
    let framed = head[seg..]
        .split_whitespace()
        .all(|w| FRAME_WORDS.contains(&w.trim_matches(|c: char| c == '*' || c == '_')));
    framed || crate::stage2::states::copula_before(answer, cs + at, cs + at + len)
}

/// Whether the claim opens a condition before `at` ("… ships in a day if it's delivered to
/// the hub first"): a value supposed, not stated.
fn supposed_before(lower: &str, at: usize) -> bool {
    lower[..at].split_whitespace().any(|w| {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphabetic());
        crate::stage2::states::opens_condition(w) || matches!(w, "when" | "until")
    })
}

/// The same for prose: a short string value of a list's records, written in lower case in a
/// claim that names exactly one of them, where that record holds another value of the field
/// and the claim does not state its own: "JetLink Rides … on a waitlist only" of an operator
/// whose `availability` is `available` while a sibling's is `waitlist`. A value written
/// capitalized is a name, not a category; values of fewer than four letters or with digits
/// are left out, and so is a negated one.
pub(super) fn record_value_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
    records: &[Record],
    names: &Named,
) -> Option<(usize, usize)> {
    let [r] = names.anchored[..] else {
        return None;
    };
    let parent = records[r].parent?;
    let text = &answer[cs..ce];
    let lower = text.to_ascii_lowercase();
    let terms = normalize_terms(text);
    for (name, held) in &records[r].texts {
        let own = normalize_terms(held);
        if own.is_empty() || contains_terms(&terms, &own) {
            continue;
        }
        let others = records
            .iter()
            .enumerate()
            .filter(|(o, rec)| *o != r && rec.parent == Some(parent))
            .flat_map(|(_, rec)| rec.texts.iter().filter(|(n, _)| n == name))
            .map(|(_, v)| v.as_str());
        for v in others {
            if v.len() < 4
                || v.contains(|ch: char| !ch.is_ascii_alphabetic())
                || normalize_terms(v) == own
            {
                continue;
            }
            let b = lower.as_bytes();
            let found = lower.match_indices(v).find(|&(at, _)| {
                let end = at + v.len();
                (at == 0 || !b[at - 1].is_ascii_alphanumeric())
                    && (end >= b.len() || !b[end].is_ascii_alphanumeric())
                    && text[at..end] == *v
                    && !negated_before(&lower, at)
                    && !supposed_before(&lower, at)
                    && !super::states::opening_hours_after(answer, cs + at, cs + at + v.len())
                    && stated_as_a_state(answer, cs, &lower, at, v.len())
            });
            if let Some((at, _)) = found {
                return Some((cs + at, cs + at + v.len()));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::report::FlagKind;
    use crate::stage2::test_support::flagged_as;

    fn flagged(ev: &str, a: &str) -> bool {
        flagged_as(ev, a, FlagKind::StateConflict)
    }

    #[test]
    fn a_cell_states_the_field_of_the_record_its_row_names() {
        let ev = r#"{"wo_id":"WO-241969","tasks":[{"task":"100-hour inspection","est_hours":3.5,"status":"complete"},{"task":"Re-torque propeller bolts","est_hours":3.5,"status":"open"},{"task":"Repair landing light wiring","est_hours":0.8,"status":"open"}],"status":"in_progress"}"#;
        let table = |a: &str, b: &str| {
            format!(
                "Work order WO-241969:\n\n| Task | Est. | Status |\n|---|---|---|\n| 100-hour inspection | 3.5 h | {a} |\n| Re-torque propeller bolts | 3.5 h | {b} |\n"
            )
        };
        assert!(!flagged(ev, &table("complete", "open")));
        assert!(flagged(ev, &table("open", "open")));
        assert!(flagged(ev, &table("complete", "complete")));
        // A value no sibling holds is a paraphrase, not another row's value.
        assert!(!flagged(ev, &table("done", "open")));
        // In prose: a value of the field's vocabulary given to the wrong record.
        let ops = r#"{"results":[{"name":"JetLink Rides","availability":"available"},{"name":"Harbor Shuttle Co","availability":"waitlist"},{"name":"Metro Black Car","availability":"limited"}]}"#;
        assert!(!flagged(ops, "JetLink Rides — $80 per trip; available."));
        assert!(flagged(
            ops,
            "JetLink Rides — $80 per trip; on a waitlist only."
        ));
        assert!(!flagged(
            ops,
            "JetLink Rides — $80 per trip; not on the waitlist."
        ));
        assert!(!flagged(ops, "Metro Black Car is almost fully booked."));
        // A column that names no field of the record: its cell is read as prose, where a value
        // no sibling holds says nothing of the field.
        let other =
            "| Task | Est. | Note |\n|---|---|---|\n| 100-hour inspection | 3.5 h | urgent |\n";
        assert!(!flagged(ev, other));
    }
}
