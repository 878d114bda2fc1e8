//! Identifiers: links, e-mail addresses, fingerprints and section references first, and after
//! dates and times the tokens that mix letters and digits (`AC1471`, `ORD-88231`), snake_case
//! code, versions, file names and paths.

use super::{re, Found, ItemKind};

/// URLs, e-mail addresses, colon-separated hex pairs, and section references ("section 4.2",
/// "§3.1"): identifiers, taken before anything reads their digits as dates, times or numbers.
pub(super) fn links_and_sections(f: &mut Found<'_>) {
    let r = re();
    let text = f.text;
    for m in r
        .url
        .find_iter(text)
        .chain(r.email.find_iter(text))
        .chain(r.hex_pairs.find_iter(text))
        .chain(r.section.find_iter(text))
    {
        f.push_match(ItemKind::Identifier, m);
    }
}

/// Tokens read as identifiers — or, for counts written as one token that name fields of a
/// record ("3W-0D-1L"), as numbers.
pub(super) fn identifiers(f: &mut Found<'_>) {
    let r = re();
    let text = f.text;
    for m in r.ident.find_iter(text) {
        let t = m.as_str();
        // Counts written as one token ("3W-0D-1L") that name fields of a record: numbers.
        if super::super::tally::reads_as_tally(t, &f.ev.records) {
            f.push_match(ItemKind::Number, m);
            continue;
        }
        let is_token = t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '#');
        if is_token && !t.starts_with('#') {
            // A plain token is an identifier when it mixes letters and digits (AC1471,
            // ORD-88231, 1Z999AA1) or is snake_case code (`max_retries`), and is not
            // a number with a unit (20km, 5pm, 3rd).
            let digit = t.chars().any(|c| c.is_ascii_digit());
            let alpha = t.chars().any(|c| c.is_ascii_alphabetic());
            let snake = t.contains('_') && alpha;
            // A number joined to lower-case words by hyphens is a measurement or a
            // compound modifier ("28-inch", "3-day", "4-foot-tall", "2-year-old"), not a code.
            // An ordinal joined the same way is one too ("95th-percentile", "3rd-party").
            let measure = t.split_once('-').is_some_and(|(n, w)| {
                let digits = n.trim_end_matches(|c: char| c.is_ascii_alphabetic());
                let ordinal = matches!(&n[digits.len()..], "st" | "nd" | "rd" | "th");
                !digits.is_empty()
                    && digits.chars().all(|c| c.is_ascii_digit())
                    && (digits.len() == n.len() || ordinal)
                    && w.split('-')
                        .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()))
            });
            // The decimals of a number with a unit glued on ("2.6p per m³"): the match starts
            // after a digit and a decimal point.
            let decimals = {
                let mut back = text[..m.start()].chars().rev();
                matches!(back.next(), Some('.' | ','))
                    && back.next().is_some_and(|c| c.is_ascii_digit())
                    && t.starts_with(|c: char| c.is_ascii_digit())
            };
            // Capital letters in hyphenated groups ("SITE-MAQ") are a code of the evidence's
            // scheme when it holds a code with the same first group ("SITE-MAH").
            let scheme = !digit && letter_code_of_scheme(f.ev, t);
            // A count written as a multiplier before it ("knob set x2"), as "2x" after it.
            let multiplier = t.len() <= 4
                && t.starts_with('x')
                && t.len() > 1
                && t[1..].bytes().all(|b| b.is_ascii_digit());
            if !(snake || (digit && alpha) || scheme)
                || multiplier
                || r.unit_number.is_match(t)
                || measure
                || decimals
            {
                continue;
            }
        }
        // A rate per units written as a path ("$15.00/lot/day", "3/unit/month"): a number
        // (or its decimals), then lower-case words.
        let mut segments = t.split('/');
        let rate = t.contains('/')
            && segments.next().is_some_and(|n| {
                n.chars().any(|c| c.is_ascii_digit())
                    && n.chars()
                        .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
            })
            && segments.all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()));
        if rate {
            continue;
        }
        // Dot-grouped thousands with decimals ("12.345.678,90"): a number, not a version.
        let grouped = t.chars().all(|c| c.is_ascii_digit() || c == '.') && {
            let mut after = text[m.end()..].chars();
            after.next() == Some(',') && after.next().is_some_and(|c| c.is_ascii_digit())
        };
        if grouped {
            continue;
        }
        f.push_match(ItemKind::Identifier, m);
    }
}

/// Whether `t` is groups of two or more capital letters joined by hyphens ("SITE-MAQ") whose
/// first group, with its hyphen, starts a code of the evidence ("SITE-MAH"): an identifier of
/// the same scheme. An all-caps word pair the evidence has no code like ("AT-RISK") is not.
fn letter_code_of_scheme(ev: &crate::stage2::evidence::Evidence, t: &str) -> bool {
    let groups: Vec<&str> = t.split('-').collect();
    if groups.len() < 2
        || !groups
            .iter()
            .all(|g| g.len() >= 2 && g.bytes().all(|b| b.is_ascii_uppercase()))
    {
        return false;
    }
    let prefix = format!("{}-", groups[0].to_ascii_lowercase());
    let held = ev.occurrences(&prefix).any(|o| {
        !o.before(0).is_some_and(|c| c.is_ascii_alphanumeric())
            && o.after(0).is_some_and(|c| c.is_ascii_alphanumeric())
    });
    held
}
