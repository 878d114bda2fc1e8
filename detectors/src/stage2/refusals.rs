//! A refusal reported as its opposite: a sentence that quotes the reason code of a tool's
//! refusal ("`ALREADY_BOOKED`", "the code \"slot full\"") while stating, in the same clause,
//! that the thing was available or the request succeeded ("The terrace garden was available
//! for the morning of 12/03 (`ALREADY_BOOKED`)", "the platform accepted it
//! (`VEHICLE_TOO_SMALL`)"), or stating what a negative code denies ("Sunday, May 31 is a
//! collection day (`NO_COLLECTION_THAT_DAY`)").
//!
//! A reason code is an upper-case snake-case string value (two words or more) of a JSON object
//! that reports a refusal: the code's key names a reason or an error, or the object holds a
//! `false` flag or a refusal status ("refused", "not_accepted", …). Only the clause before the
//! code's mention is read — the refusal's own clause ("… was full (`ROUTE_FULL`), so I took
//! the next opening, which was available" states the alternative's availability after it).

use serde_json::Value as J;

/// Most reason codes kept from one run's evidence.
const MAX_CODES: usize = 32;

/// Words that state availability or success (a closed class of English predicates).
const SUCCESS_WORDS: &[&str] = &[
    "available",
    "open",
    "free",
    "vacant",
    "accepted",
    "approved",
    "confirmed",
    "granted",
    "succeeded",
    "successful",
    "allowed",
    "permitted",
];

/// Status values that report a refusal.
const REFUSAL_STATUSES: &[&str] = &[
    "refused",
    "rejected",
    "declined",
    "denied",
    "failed",
    "error",
    "not_accepted",
    "unavailable",
    "blocked",
];

/// Words that end the clause a code's mention belongs to, reading back from it.
const CLAUSE_BREAKS: &[&str] = &[
    "so",
    "hence",
    "but",
    "because",
    "since",
    "although",
    "though",
    "whereas",
    "while",
    "instead",
    "therefore",
    "thus",
    "then",
    "which",
];

/// Words that limit rather than affirm an availability ("Only 1 bag is available").
const LIMITING: &[&str] = &["only", "just", "merely"];

/// Words that make a following availability word attributive ("the first available
/// alternative", "a free slot").
const ATTRIBUTIVE: &[&str] = &[
    "the", "a", "an", "first", "next", "earliest", "any", "another", "other",
];

/// Whether `v` is a reason code: upper-case words of letters and digits joined by underscores,
/// at least two, one with a letter.
fn is_code(v: &str) -> bool {
    v.len() <= 64
        && super::evidence::upper_snake_words(v).is_some_and(|n| n >= 2)
        && v.bytes().any(|b| b.is_ascii_uppercase())
}

/// The reason codes of refusals in a tool result's JSON (appended to `out`, at most
/// [`MAX_CODES`]).
pub(super) fn refusal_codes(v: &J, out: &mut Vec<String>) {
    refusal_codes_at(v, out, 0);
}

fn refusal_codes_at(v: &J, out: &mut Vec<String>, depth: usize) {
    if depth > 16 || out.len() >= MAX_CODES {
        return;
    }
    match v {
        J::Object(o) => {
            let refusal = o.iter().any(|(k, x)| match x {
                J::Bool(false) => true,
                J::String(s) => {
                    let k = k.to_ascii_lowercase();
                    (k.contains("status") || k.contains("result") || k.contains("outcome"))
                        && REFUSAL_STATUSES.contains(&s.to_ascii_lowercase().as_str())
                }
                _ => false,
            });
            for (k, x) in o {
                if let J::String(s) = x {
                    let k = k.to_ascii_lowercase();
                    let reason_key = ["reason", "error", "refus", "reject", "denial"]
                        .iter()
                        .any(|w| k.contains(w));
                    if is_code(s)
                        && (refusal || reason_key)
                        && !out.contains(s)
                        && out.len() < MAX_CODES
                    {
                        out.push(s.clone());
                    }
                }
            }
            for (k, x) in o {
                if k.eq_ignore_ascii_case("error") {
                    // Everything under an error object is a refusal's.
                    if let J::Object(e) = x {
                        for y in e.values() {
                            if let J::String(s) = y {
                                if is_code(s) && !out.contains(s) && out.len() < MAX_CODES {
                                    out.push(s.clone());
                                }
                            }
                        }
                    }
                }
                refusal_codes_at(x, out, depth + 1);
            }
        }
        J::Array(a) => a.iter().for_each(|x| refusal_codes_at(x, out, depth + 1)),
        _ => {}
    }
}

/// Where the answer mentions `code` at or after `from` and before `to`: the code as written
/// (not inside a longer code), or its words in lower case inside quotes or backticks ("the
/// code \"slot full\"").
fn mentions(answer: &str, code: &str, from: usize, to: usize) -> Vec<usize> {
    let text = &answer[from..to];
    let mut out = Vec::new();
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (i, _) in text.match_indices(code) {
        let before_ok = !text[..i].ends_with(word);
        let after_ok = !text[i + code.len()..].starts_with(word);
        if before_ok && after_ok {
            out.push(from + i);
        }
    }
    let words = code.to_ascii_lowercase().replace('_', " ");
    let lower = text.to_ascii_lowercase();
    for (i, _) in lower.match_indices(&words) {
        let open = lower[..i].ends_with(['"', '\'', '`', '\u{201c}', '\u{2018}']);
        let close = lower[i + words.len()..].starts_with(['"', '\'', '`', '\u{201d}', '\u{2019}']);
        if open && close && text.is_char_boundary(i) {
            out.push(from + i);
        }
    }
    out
}

/// The clause before a mention at `at`, within the claim `cs..`: from the last clause break
/// (`;`, `:`, or a word of [`CLAUSE_BREAKS`]) to the mention.
fn clause_before(answer: &str, cs: usize, at: usize) -> (usize, &str) {
    let stretch = &answer[cs..at];
    let mut start = stretch.rfind([';', ':']).map_or(0, |i| i + 1);
    let lower = stretch.to_ascii_lowercase();
    for w in CLAUSE_BREAKS {
        for (i, _) in lower.match_indices(w) {
            let bounded = (i == 0 || !lower[..i].ends_with(|c: char| c.is_alphanumeric()))
                && !lower[i + w.len()..].starts_with(|c: char| c.is_alphanumeric());
            if bounded && i + w.len() > start {
                start = i + w.len();
            }
        }
    }
    (cs + start, &stretch[start..])
}

/// The words of `text` with their byte offsets.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let inside = c.is_alphanumeric() || c == '\'' || c == '\u{2019}';
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// The span (answer offsets) of a success or availability word stated in the clause before a
/// refusal code's mention, or of the phrase a negative code ("`NO_COLLECTION_THAT_DAY`")
/// denies, stated without a negation; `None` when the claim `cs..ce` states no such thing.
pub(super) fn refusal_reported_as_success(
    answer: &str,
    cs: usize,
    ce: usize,
    codes: &[String],
) -> Option<(usize, usize)> {
    for code in codes {
        for at in mentions(answer, code, cs, ce) {
            let (start, clause) = clause_before(answer, cs, at);
            let ws = words(clause);
            let lower: Vec<String> = ws.iter().map(|(_, w)| w.to_lowercase()).collect();
            if lower.iter().any(|w| LIMITING.contains(&w.as_str())) {
                continue;
            }
            // A success or availability word, neither negated nor attributive.
            for (k, w) in lower.iter().enumerate() {
                if !SUCCESS_WORDS.contains(&w.as_str()) {
                    continue;
                }
                let (off, word) = ws[k];
                if super::states::negated_before(clause, off)
                    || k > 0 && ATTRIBUTIVE.contains(&lower[k - 1].as_str())
                    || k > 0 && lower[k - 1].starts_with("un")
                {
                    continue;
                }
                return Some((start + off, start + off + word.len()));
            }
            // A negative code's object stated as present ("is a collection day").
            let mut parts = code.split('_');
            let first = parts.next().unwrap_or("");
            if matches!(first, "NO" | "NOT" | "NON") {
                const FILLER: &[&str] = &["that", "the", "a", "an", "this", "of", "on", "in", "at"];
                let rest: Vec<String> = parts
                    .map(str::to_ascii_lowercase)
                    .filter(|p| !FILLER.contains(&p.as_str()))
                    .collect();
                if rest.is_empty() || rest.iter().all(|p| p.len() < 3) {
                    continue;
                }
                let n = rest.len();
                for k in 0..lower.len().saturating_sub(n - 1) {
                    if lower[k..k + n] == rest[..] {
                        let (off, _) = ws[k];
                        let (last, lw) = ws[k + n - 1];
                        if !super::states::negated_before(clause, off) {
                            return Some((start + off, start + last + lw.len()));
                        }
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(json: &str) -> Vec<String> {
        let mut out = Vec::new();
        refusal_codes(&serde_json::from_str(json).unwrap(), &mut out);
        out
    }

    fn flagged(json: &str, answer: &str) -> Option<String> {
        refusal_reported_as_success(answer, 0, answer.len(), &codes(json))
            .map(|(s, e)| answer[s..e].to_owned())
    }

    #[test]
    fn reason_codes_of_refusals_only() {
        assert_eq!(
            codes(r#"{"booked":false,"reason_code":"SLOT_FULL","message":"No chairs."}"#),
            ["SLOT_FULL"]
        );
        assert_eq!(
            codes(r#"{"status":"not_accepted","reason_code":"NO_COLLECTION_THAT_DAY"}"#),
            ["NO_COLLECTION_THAT_DAY"]
        );
        // A category of a record that reports no refusal is no reason code.
        assert!(codes(r#"{"shipment":"SHP-1","hold_type":"FDA_HOLD","cleared":true}"#).is_empty());
    }

    #[test]
    fn a_refusal_stated_as_success_beside_its_code() {
        let booked = r#"{"booked":false,"reason_code":"ALREADY_BOOKED"}"#;
        assert_eq!(
            flagged(
                booked,
                "The terrace garden was available for the morning of 12/03/2026 (`ALREADY_BOOKED`), hence I have booked the first available alternative."
            )
            .as_deref(),
            Some("available")
        );
        assert_eq!(
            flagged(
                booked,
                "The terrace garden was already booked for the morning (`ALREADY_BOOKED`), hence I have booked the first available alternative."
            ),
            None
        );
        let full = r#"{"booked":false,"reason_code":"SLOT_FULL"}"#;
        assert_eq!(
            flagged(
                full,
                r#"The ten thirty a.m. time had chairs open, with the code "slot full"."#
            )
            .as_deref(),
            Some("open")
        );
        assert_eq!(
            flagged(full, "The slot you requested was not available (`SLOT_FULL`); hence I booked the next one."),
            None
        );
        let short = r#"{"ok":false,"reason_code":"STOCK_SHORT"}"#;
        assert_eq!(
            flagged(short, "Only 1 bag is available at Ale on 12-Jun-2026 (`STOCK_SHORT`), hence I booked all 10 for later."),
            None
        );
        let small = r#"{"status":"refused","reason_code":"VEHICLE_TOO_SMALL"}"#;
        assert_eq!(
            flagged(
                small,
                "I tried to book Gateway Vans, but the platform accepted it (`VEHICLE_TOO_SMALL`)."
            )
            .as_deref(),
            Some("accepted")
        );
        assert_eq!(
            flagged(
                small,
                "I tried to book Gateway Vans, but the platform refused it (`VEHICLE_TOO_SMALL`)."
            )
            .as_deref(),
            None
        );
    }

    #[test]
    fn a_negative_codes_object_stated_as_present() {
        let none = r#"{"status":"not_accepted","reason_code":"NO_COLLECTION_THAT_DAY"}"#;
        assert_eq!(
            flagged(none, "Sunday, May 31 is a collection day (`NO_COLLECTION_THAT_DAY`): collections run on Tuesdays.")
                .as_deref(),
            Some("collection day")
        );
        assert_eq!(
            flagged(none, "Sunday, May 31 isn't a collection day (`NO_COLLECTION_THAT_DAY`): collections run on Tuesdays."),
            None
        );
    }
}
