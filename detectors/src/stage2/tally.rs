//! Tallies: several counts written as one token, each tagged by a letter or two — a team's
//! record "3W-0D-1L", a vote "5Y/2N", a match "2GF-1GA". Read as a code, the token is in no
//! tool result and is called a fabricated reference; it is in fact one value per field of one
//! record, each field named by its tag: the tag is the start of the field's name or the
//! initials of its words ("W" → `won` or `wins`, "GF" → `goals_for`).
//!
//! A token is read as a tally only where the evidence has a record with a numeric field for
//! every tag ([`reads_as_tally`]); otherwise it stays an identifier and keeps its check. The
//! tally is then supported when one such record holds every value under its tag, and
//! contradicted when none does — judged among the records the claim names when it names
//! some of them (the team's own row, not another team's).

use super::records::{Named, Record};

/// Most parts of a tally.
const MAX_PARTS: usize = 6;

/// One part of a tally: a count and the tag that names its field (lower case).
#[derive(Debug, PartialEq)]
pub(super) struct Part {
    pub(super) value: f64,
    pub(super) tag: String,
}

/// The parts of `token` when it is written as a tally: two to [`MAX_PARTS`] parts joined by
/// `-` or `/`, each a count of at most four digits with a tag of one to three letters after it
/// ("3W") or before it ("W3"), the same way round in every part, and no tag twice.
pub(super) fn parse(token: &str) -> Option<Vec<Part>> {
    let pieces: Vec<&str> = token.split(['-', '/']).collect();
    if pieces.len() < 2 || pieces.len() > MAX_PARTS {
        return None;
    }
    let mut parts: Vec<Part> = Vec::with_capacity(pieces.len());
    let mut tag_first: Option<bool> = None;
    for p in pieces {
        let digits_at_start = p.starts_with(|c: char| c.is_ascii_digit());
        if *tag_first.get_or_insert(!digits_at_start) == digits_at_start {
            return None;
        }
        let split = if digits_at_start {
            p.find(|c: char| !c.is_ascii_digit())?
        } else {
            p.find(|c: char| c.is_ascii_digit())?
        };
        let (a, b) = p.split_at(split);
        let (digits, tag) = if digits_at_start { (a, b) } else { (b, a) };
        let counts = !digits.is_empty() && digits.len() <= 4;
        let letters = (1..=3).contains(&tag.len()) && tag.chars().all(|c| c.is_ascii_alphabetic());
        if !counts || !letters || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let tag = tag.to_ascii_lowercase();
        if parts.iter().any(|q| q.tag == tag) {
            return None;
        }
        parts.push(Part {
            value: digits.parse().ok()?,
            tag,
        });
    }
    Some(parts)
}

/// Whether the field `name` (snake_case, [`super::terms::field_name`]) is the one `tag`
/// names: its name starts with the tag, or its words' initials are the tag.
fn tag_names(tag: &str, name: &str) -> bool {
    let initials: String = name.split('_').filter_map(|w| w.chars().next()).collect();
    name.starts_with(tag) || initials == tag
}

/// Whether `record` has a numeric field for every tag of `parts`, and whether it holds each
/// part's value under one of them.
fn fit(record: &Record, parts: &[Part]) -> (bool, bool) {
    let mut fields = true;
    let mut values = true;
    for p in parts {
        let mut named = record.fields.iter().filter(|(n, _)| tag_names(&p.tag, n));
        let mut any = false;
        let mut held = false;
        for (_, v) in named.by_ref() {
            any = true;
            held |= (v - p.value).abs() < 1e-9;
        }
        fields &= any;
        values &= held;
    }
    (fields, fields && values)
}

/// Whether `token` is read as a tally of the evidence's `records`: it is written as one and
/// some record has a field for each of its tags.
pub(super) fn reads_as_tally(token: &str, records: &[Record]) -> bool {
    parse(token).is_some_and(|parts| records.iter().any(|r| fit(r, &parts).0))
}

/// The verdict on a tally: `Some(true)` supported, `Some(false)` contradicted, `None` when
/// `token` is not read as a tally of `records`. Among the records the claim `names`, when one
/// of them has the tally's fields; else among all.
pub(super) fn check(token: &str, records: &[Record], names: &Named) -> Option<bool> {
    let parts = parse(token)?;
    let fits: Vec<(usize, bool)> = records
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let (fields, values) = fit(r, &parts);
            fields.then_some((i, values))
        })
        .collect();
    if fits.is_empty() {
        return None;
    }
    let named = |i: usize| names.anchored.contains(&i) || names.named.contains(&i);
    let judged: Vec<bool> = if fits.iter().any(|&(i, _)| named(i)) {
        fits.iter()
            .filter(|&&(i, _)| named(i))
            .map(|f| f.1)
            .collect()
    } else {
        fits.iter().map(|f| f.1).collect()
    };
    Some(judged.iter().any(|&held| held))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fields: &[(&str, f64)]) -> Record {
        Record {
            fields: fields.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
            ..Record::default()
        }
    }

    #[test]
    fn tokens_written_as_tallies() {
        let p = parse("3W-0D-1L").expect("a tally");
        assert_eq!(
            p.iter()
                .map(|p| (p.value, p.tag.as_str()))
                .collect::<Vec<_>>(),
            vec![(3.0, "w"), (0.0, "d"), (1.0, "l")]
        );
        assert!(parse("W12/L4").is_some());
        assert!(parse("2GF-1GA").is_some());
        // Codes, not tallies: one part, a tag twice, mixed order, a long number.
        assert!(parse("3W").is_none());
        assert!(parse("17F-18F").is_none());
        assert!(parse("3W-D0").is_none());
        assert!(parse("ORD-88231").is_none());
        assert!(parse("12345A-2B").is_none());
        assert!(parse("AB-CD").is_none());
    }

    #[test]
    fn a_tally_is_judged_against_the_fields_its_tags_name() {
        let records = vec![
            record(&[("played", 4.0), ("won", 3.0), ("drawn", 0.0), ("lost", 1.0)]),
            record(&[("played", 4.0), ("won", 0.0), ("drawn", 3.0), ("lost", 1.0)]),
        ];
        let none = Named::default();
        assert_eq!(check("3W-0D-1L", &records, &none), Some(true));
        assert_eq!(check("0W-3D-1L", &records, &none), Some(true));
        // No record holds these values: contradicted.
        assert_eq!(check("4W-0D-0L", &records, &none), Some(false));
        // The claim names the second team: the first team's record is not its own.
        let second = Named {
            named: vec![1],
            ..Named::default()
        };
        assert_eq!(check("3W-0D-1L", &records, &second), Some(false));
        assert_eq!(check("0W-3D-1L", &records, &second), Some(true));
        // Tags no field has: not a tally of this evidence (an identifier to check).
        assert_eq!(check("3X-0Y-1Z", &records, &none), None);
        assert!(!reads_as_tally("3X-0Y-1Z", &records));
        assert!(reads_as_tally("3W-1L", &records));
        // Initials of a field's words name it.
        let goals = vec![record(&[("goals_for", 2.0), ("goals_against", 1.0)])];
        assert_eq!(check("2GF-1GA", &goals, &none), Some(true));
        assert_eq!(check("1GF-2GA", &goals, &none), Some(false));
    }
}
