//! Numbered citations ("… from the date of purchase [6]") against the sources they can point
//! at: the hits of a search the run made (their `rank`, or the length of a list of results)
//! and the answer's own numbered source list ("[1] Warranty and Service Policy"). A number
//! beyond every one of them cites a source the run never read: a fabricated reference.

use super::evidence::Evidence;

/// Names of the lists a search or retrieval tool returns its hits in (English nouns of any
/// retrieval API, lower-cased as [`super::terms::field_name`] writes keys).
const HIT_LISTS: &[&str] = &[
    "results",
    "hits",
    "documents",
    "docs",
    "articles",
    "sources",
    "references",
    "matches",
    "passages",
    "chunks",
];

/// Citations read per answer.
const MAX_CITATIONS: usize = 64;

/// How many sources a numbered citation may point at: the highest `rank` of the evidence's
/// records, the longest list of hits ([`HIT_LISTS`]) and the highest number the answer's own
/// source list defines (a line that opens with "[n]"). 0 when none is known.
fn sources(answer: &str, ev: &Evidence) -> usize {
    let ranked = ev
        .records
        .iter()
        .filter_map(|r| r.field("rank"))
        .filter(|v| v.fract() == 0.0 && *v >= 1.0 && *v <= 1000.0)
        .map(|v| v as usize)
        .max()
        .unwrap_or(0);
    let listed = ev
        .list_lengths
        .iter()
        .filter(|(k, _)| HIT_LISTS.contains(&k.as_str()))
        .map(|x| x.1)
        .max()
        .unwrap_or(0);
    let defined = answer
        .lines()
        .filter_map(|l| {
            let l = l.trim_start_matches([' ', '-', '*', '>']);
            let (n, _) = l.strip_prefix('[')?.split_once(']')?;
            n.parse::<usize>().ok()
        })
        .max()
        .unwrap_or(0);
    ranked.max(listed).max(defined)
}

/// Byte ranges of the answer's numbered citations ("[6]") beyond the sources the run knows
/// ([`sources`]), in order. None when the run knows no numbered sources. A link's text
/// ("[1](https://…)") and a source list's own labels (a line that opens with "[n]") are no
/// citations.
pub(super) fn out_of_range(answer: &str, ev: &Evidence) -> Vec<(usize, usize)> {
    if !answer.contains('[') {
        return Vec::new();
    }
    let known = sources(answer, ev);
    if known == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut at = 0;
    for _ in 0..MAX_CITATIONS {
        let Some(open) = answer[at..].find('[').map(|i| at + i) else {
            break;
        };
        at = open + 1;
        let Some(close) = answer[at..].find(']').map(|i| at + i) else {
            break;
        };
        let inner = &answer[open + 1..close];
        if inner.is_empty() || inner.len() > 3 || !inner.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let link = answer[close + 1..].starts_with('(');
        let label = answer[..open]
            .rsplit('\n')
            .next()
            .is_some_and(|l| l.trim_start_matches([' ', '-', '*', '>']).is_empty());
        if link || label {
            continue;
        }
        if inner.parse::<usize>().is_ok_and(|n| n == 0 || n > known) {
            out.push((open, close + 1));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::report::FlagKind;
    use crate::stage2::test_support::score;

    #[test]
    fn a_citation_beyond_the_sources_the_run_read() {
        let ev = r#"{"query":"warranty","results":[{"rank":1,"title":"Warranty Policy"},{"rank":2,"title":"Firmware FAQ"},{"rank":3,"title":"Release Notes"}]}"#;
        let cited = |ev: &str, a: &str| {
            score(ev, a)
                .iter()
                .flat_map(|c| c.flagged_spans.clone())
                .filter(|f| f.kind == FlagKind::FabricatedReference && f.text.starts_with('['))
                .map(|f| f.text)
                .collect::<Vec<_>>()
        };
        let flagged = |a: &str| cited(ev, a);
        assert!(flagged(
            "The Warranty Policy covers it [1], and the Firmware FAQ explains it [2]."
        )
        .is_empty());
        assert_eq!(flagged("The Warranty Policy covers it [6]."), vec!["[6]"]);
        // The answer's own source list defines what its numbers cite.
        let own = "The Warranty Policy covers it [4].\n\nSources:\n[1] Warranty Policy\n[2] Firmware FAQ\n[3] Release Notes\n[4] Warranty Policy";
        assert!(flagged(own).is_empty());
        // A link's text is no citation.
        assert!(flagged("See [7](https://example.com/warranty) for details.").is_empty());
        // Without numbered sources nothing is judged.
        let plain = r#"{"title":"Warranty Policy","months":24}"#;
        assert!(cited(plain, "The Warranty Policy covers it for 24 months [6].").is_empty());
    }
}
