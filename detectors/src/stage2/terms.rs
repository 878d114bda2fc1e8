//! Matching a term of the answer against the evidence after normalization, so that formatting
//! and spelling never count as disagreement:
//! - case, punctuation, and the separators of identifiers: `Current Item`, `current_item`,
//!   `currentItem` and `current-item` are the same term;
//! - inflection (a crude suffix stem: `orders`/`order`, `shipped`/`ship`);
//! - US/UK spelling (`canceled`/`cancelled`, `color`/`colour`, `organize`/`organise`);
//! - a number joined to its unit by a hyphen or a space (`28-inch`/`28 inch`);
//! - region names and their ISO 3166-2 codes (`Florida`/`FL`).

/// US/UK spelling key of one lower-case word: doubled consonants collapsed (`cancelled` →
/// `canceled`), `-our` → `-or`, `-ise`/`-isation` → `-ize`/`-ization`, `-yse` → `-yze`,
/// `-tre` → `-ter`. Only used to compare two words, never shown.
pub fn spelling_key(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    spelling_key_into(w, &mut out);
    out
}

/// [`spelling_key`] written into `out` (cleared first): no allocation per word once `out` has
/// grown.
fn spelling_key_into(w: &str, out: &mut String) {
    out.clear();
    let mut prev: Option<char> = None;
    for c in w.chars() {
        if Some(c) == prev && c.is_alphabetic() && !matches!(c, 'a' | 'e' | 'i' | 'o' | 'u') {
            continue;
        }
        out.push(c);
        prev = Some(c);
    }
    for (uk, us) in [
        ("isation", "ization"),
        ("ise", "ize"),
        ("ised", "ized"),
        ("ising", "izing"),
        ("yse", "yze"),
        ("our", "or"),
        ("tre", "ter"),
    ] {
        if out.len() > uk.len() + 2 && out.ends_with(uk) {
            out.truncate(out.len() - uk.len());
            out.push_str(us);
            break;
        }
    }
}

/// Crude inflection stem (content coverage's rule without its trailing-`e` cut, so that
/// `ship`/`shipped` and `close`/`closed` meet after the spelling key).
fn stem(w: &str) -> &str {
    for suf in ["ing", "ed", "es", "s"] {
        if w.len() > suf.len() + 3 && w.ends_with(suf) {
            return &w[..w.len() - suf.len()];
        }
    }
    w
}

/// A JSON field's name in lower case with its camelCase word boundaries kept as `_`:
/// `reservePct` → `reserve_pct`, `stateOfHealthPct` → `state_of_health_pct`, `HTTPStatus` →
/// `http_status`. Lower-casing `reservePct` whole would make one word, `reservepct`, that no
/// claim names; kept apart, its words name it like those of `reserve_pct`.
pub fn field_name(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let mut out = String::with_capacity(key.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if prev.is_lowercase() || prev.is_ascii_digit() || prev.is_uppercase() && next_lower {
                out.push('_');
            }
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// The normalized form of a text for term matching: words split at case changes
/// (`currentItem`), at `_ - / .` and punctuation, lower-cased, spelling-keyed and stemmed,
/// joined by single spaces. Numbers keep their decimal point.
pub fn normalize_terms(text: &str) -> String {
    // The terms, space-separated, written straight into `words` (two buffers reused for the
    // word and its spelling key: this runs over every evidence document).
    let mut words = String::with_capacity(text.len());
    let mut cur = String::new();
    let mut key = String::new();
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    let mut flush = |cur: &mut String, words: &mut String| {
        if !cur.is_empty() {
            spelling_key_into(cur, &mut key);
            if !words.is_empty() {
                words.push(' ');
            }
            words.push_str(stem(&key));
            cur.clear();
        }
    };
    while let Some(c) = chars.next() {
        let keep_point = c == '.'
            && prev.is_some_and(|p| p.is_ascii_digit())
            && chars.peek().is_some_and(|n| n.is_ascii_digit());
        if c.is_alphanumeric() || keep_point {
            if c.is_uppercase() && prev.is_some_and(char::is_lowercase) {
                flush(&mut cur, &mut words);
            }
            // A number glued to a word ("28inch") is two terms.
            if prev.is_some_and(|p| p.is_ascii_digit()) && c.is_alphabetic()
                || prev.is_some_and(char::is_alphabetic) && c.is_ascii_digit() && cur.len() > 3
            {
                flush(&mut cur, &mut words);
            }
            cur.extend(c.to_lowercase());
        } else {
            flush(&mut cur, &mut words);
        }
        prev = Some(c);
    }
    flush(&mut cur, &mut words);
    words
}

/// Whether `needle` (normalized) occurs in `hay` (normalized) on word boundaries.
pub fn contains_terms(hay: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return false;
    }
    let mut from = 0;
    while let Some(p) = hay[from..].find(needle) {
        let s = from + p;
        let e = s + needle.len();
        let before = s == 0 || hay.as_bytes()[s - 1] == b' ';
        let after = e == hay.len() || hay.as_bytes()[e] == b' ';
        if before && after {
            return true;
        }
        from = s + 1;
        while !hay.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

/// An English clitic on a word (`I'll`, `I’m`, `we've`, `you're`, `it's`): the word without
/// it, so that a pronoun with a contraction is never taken for a name.
pub fn strip_clitic(w: &str) -> &str {
    for c in [
        "'ll", "’ll", "'m", "’m", "'ve", "’ve", "'re", "’re", "'d", "’d",
    ] {
        if let Some(base) = w.strip_suffix(c) {
            return base;
        }
    }
    w
}

/// US states (and DC) and Canadian provinces with their ISO 3166-2 subdivision codes.
pub const REGION_CODES: &[(&str, &str)] = &[
    ("alabama", "al"),
    ("alaska", "ak"),
    ("arizona", "az"),
    ("arkansas", "ar"),
    ("california", "ca"),
    ("colorado", "co"),
    ("connecticut", "ct"),
    ("delaware", "de"),
    ("district of columbia", "dc"),
    ("florida", "fl"),
    ("georgia", "ga"),
    ("hawaii", "hi"),
    ("idaho", "id"),
    ("illinois", "il"),
    ("indiana", "in"),
    ("iowa", "ia"),
    ("kansas", "ks"),
    ("kentucky", "ky"),
    ("louisiana", "la"),
    ("maine", "me"),
    ("maryland", "md"),
    ("massachusetts", "ma"),
    ("michigan", "mi"),
    ("minnesota", "mn"),
    ("mississippi", "ms"),
    ("missouri", "mo"),
    ("montana", "mt"),
    ("nebraska", "ne"),
    ("nevada", "nv"),
    ("new hampshire", "nh"),
    ("new jersey", "nj"),
    ("new mexico", "nm"),
    ("new york", "ny"),
    ("north carolina", "nc"),
    ("north dakota", "nd"),
    ("ohio", "oh"),
    ("oklahoma", "ok"),
    ("oregon", "or"),
    ("pennsylvania", "pa"),
    ("rhode island", "ri"),
    ("south carolina", "sc"),
    ("south dakota", "sd"),
    ("tennessee", "tn"),
    ("texas", "tx"),
    ("utah", "ut"),
    ("vermont", "vt"),
    ("virginia", "va"),
    ("washington", "wa"),
    ("west virginia", "wv"),
    ("wisconsin", "wi"),
    ("wyoming", "wy"),
    ("alberta", "ab"),
    ("british columbia", "bc"),
    ("manitoba", "mb"),
    ("new brunswick", "nb"),
    ("newfoundland and labrador", "nl"),
    ("nova scotia", "ns"),
    ("ontario", "on"),
    ("prince edward island", "pe"),
    ("quebec", "qc"),
    ("saskatchewan", "sk"),
];

#[cfg(test)]
mod tests {

    #[test]
    fn field_names_keep_their_camel_case_words() {
        use super::field_name;
        assert_eq!(field_name("reservePct"), "reserve_pct");
        assert_eq!(field_name("stateOfHealthPct"), "state_of_health_pct");
        assert_eq!(field_name("HTTPStatus"), "http_status");
        assert_eq!(field_name("ipv4Address"), "ipv4_address");
        assert_eq!(field_name("reserve_pct"), "reserve_pct");
        assert_eq!(field_name("Total"), "total");
        assert_eq!(field_name("ÉtatActuel"), "état_actuel");
    }
    use super::*;

    #[test]
    fn spelling_variants_share_a_key() {
        assert_eq!(spelling_key("cancelled"), spelling_key("canceled"));
        assert_eq!(spelling_key("colour"), spelling_key("color"));
        assert_eq!(spelling_key("organise"), spelling_key("organize"));
        assert_ne!(spelling_key("shipped"), spelling_key("delivered"));
    }

    #[test]
    fn terms_match_across_formatting() {
        let ev = normalize_terms(r#"{"current_item": "28 inch", "orderStatus": "Cancelled"}"#);
        for claim in [
            "Current Item",
            "currentItem",
            "28-inch",
            "order status",
            "canceled",
        ] {
            assert!(
                contains_terms(&ev, &normalize_terms(claim)),
                "{claim} in {ev}"
            );
        }
        assert!(!contains_terms(&ev, &normalize_terms("31-inch")));
        assert!(!contains_terms(&ev, &normalize_terms("Current Price")));
    }

    #[test]
    fn clitics() {
        assert_eq!(strip_clitic("I'll"), "I");
        assert_eq!(strip_clitic("I’m"), "I");
        assert_eq!(strip_clitic("Boston"), "Boston");
    }
}
