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

use super::records::{key_of, Record};
use super::terms::normalize_terms;

/// Most cells of a row read.
const MAX_CELLS: usize = 16;

/// The cells of the table row `answer[cs..ce]`: byte ranges of their text, markup trimmed.
fn cells(answer: &str, cs: usize, ce: usize) -> Vec<(usize, usize)> {
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
        for (name, held) in records[r]
            .texts
            .iter()
            .filter(|(n, _)| header_names(header, n))
        {
            if normalize_terms(held) == cell {
                return None;
            }
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

#[cfg(test)]
mod tests {
    use crate::stage2::test_support::score;

    fn flagged(ev: &str, a: &str) -> bool {
        score(ev, a).iter().any(|c| {
            c.flagged_spans
                .iter()
                .any(|f| f.kind == crate::report::FlagKind::StateConflict)
        })
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
        // A column that names no field of the record states nothing of it.
        let other =
            "| Task | Est. | Note |\n|---|---|---|\n| 100-hour inspection | 3.5 h | open |\n";
        assert!(!flagged(ev, other));
    }
}
