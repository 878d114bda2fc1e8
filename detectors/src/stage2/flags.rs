//! Yes/no facts: a JSON boolean named by a claim (`"autopay": true` and "Autopay is off";
//! `"cancel_at_period_end": false` and "It's set to cancel at the end of the period";
//! `"permission_to_enter": true` and "You didn't give permission to enter").
//!
//! A boolean field is *named* by a clause when every word of its name that is not a
//! function word is in the clause ("autopay"; "cancel", "period", "end"). The clause's polarity
//! is negative when it negates ("not", "n't", "no", "never", "without", "non-") or switches
//! off ("off", "disabled", "inactive"), positive otherwise. A clause whose polarity differs
//! from the field's value contradicts it — only where every field of that name in the
//! evidence holds the same value (two records that disagree leave it open) and the clause is
//! no condition ("if you turn autopay off").
//!
//! The same for a field holding one of a pair of opposite words (`"health_trend": "down"` and
//! "The health score is 70, trending up"): a sentence that names the field and says the
//! opposite word, never the field's own, contradicts it ([`polar_conflict`]). The pairs are
//! the closed class of English direction antonyms, not values of any one domain.

use super::coverage::STOPWORDS;
use super::evidence::Evidence;
use super::states::opens_condition;
use super::terms::{contains_terms, field_name, normalize_terms};

/// Booleans kept per run.
pub(super) const MAX_BOOLEANS: usize = 128;

/// Words of a boolean field's name that say it is a flag, not what about.
const FLAG_WORDS: &[&str] = &[
    "is", "has", "have", "can", "should", "flag", "enabled", "enable", "active", "allowed",
    "allow", "opt", "in", "on", "at",
];

/// Every boolean of a JSON document with the name of its field, lower case.
pub(super) fn keyed_booleans(
    v: &serde_json::Value,
    key: Option<&str>,
    out: &mut Vec<(String, bool)>,
) {
    use serde_json::Value as J;
    if out.len() >= MAX_BOOLEANS {
        return;
    }
    match v {
        J::Bool(b) => {
            if let Some(k) = key {
                out.push((field_name(k), *b));
            }
        }
        // A charge is a yes/no too: `"trip_fee": 0` is no trip fee, a non-zero one a fee that
        // applies ([`is_charge`]).
        J::Number(n) => {
            if let (Some(k), Some(n)) = (key, n.as_f64()) {
                let k = field_name(k);
                if is_charge(&k) {
                    out.push((k, n != 0.0));
                }
            }
        }
        J::Array(a) => a.iter().for_each(|x| keyed_booleans(x, key, out)),
        J::Object(o) => {
            for (k, x) in o {
                // A flag named only "enabled" or "active" is a flag of its parent:
                // `"autopay": {"enabled": true}` is "autopay enabled".
                if x.is_boolean() && distinctive(k).is_empty() {
                    if let Some(parent) = key {
                        keyed_booleans(x, Some(&format!("{parent} {k}")), out);
                        continue;
                    }
                }
                keyed_booleans(x, Some(k), out);
            }
        }
        _ => {}
    }
}

/// Whether a field's name (a [`field_name`]) ends in a noun of a charge after a word that says
/// which ("trip fee", "late charge", "fuel surcharge", "cancellation penalty"): its number is
/// how much, and zero is none.
pub(super) fn is_charge(key: &str) -> bool {
    let mut words = key.rsplit(|c: char| !c.is_alphanumeric());
    // A bare "fee" is too general to be named by a clause ("no fee assistance on file").
    words
        .next()
        .is_some_and(|w| matches!(w, "fee" | "charge" | "surcharge" | "penalty"))
        && words.next().is_some_and(|w| w.len() >= 3)
}

/// The words of a field name that say what it is about (not [`FLAG_WORDS`] nor stop words).
fn distinctive(key: &str) -> Vec<String> {
    key.split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| {
            w.len() >= 3 && !FLAG_WORDS.contains(&w.as_str()) && !STOPWORDS.contains(&w.as_str())
        })
        .map(|w| normalize_terms(&w))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Where a clause ends for the yes/no of a flag: punctuation, a line's end, and an arrow that
/// leads from a premise to what follows from it ("paid online ✓ → nothing due at check-in").
/// A label runs into its value ("Auto-refill: off"): no break at a colon.
const CLAUSE_BREAKS: [char; 12] = [',', ';', '—', '–', '(', ')', '.', '!', '?', '\n', '→', '⇒'];

/// Whether a clause (normalized terms) names the boolean field `key`: every distinctive word
/// of its name is in it.
fn names_flag(norm: &str, key: &str) -> bool {
    let parts = distinctive(key);
    !parts.is_empty() && parts.iter().all(|w| contains_terms(norm, w))
}

/// Whether a clause that names the boolean field `key` names it only as part of the name of
/// another field it names, one whose distinctive words include all of the flag's and more:
/// "the rate from `autopay_discount_pct`" names the discount, and says nothing of whether
/// autopay is on. `numeric` are the evidence's numeric fields, `booleans` its flags.
fn names_a_longer_field(
    norm: &str,
    key: &str,
    numeric: &[(String, f64)],
    booleans: &[(String, bool)],
) -> bool {
    let words = distinctive(key);
    let mut seen: Vec<&str> = Vec::new();
    numeric
        .iter()
        .take(MAX_OTHER_FIELDS)
        .map(|f| f.0.as_str())
        .chain(booleans.iter().map(|b| b.0.as_str()))
        .any(|other| {
            if other == key || seen.contains(&other) || seen.len() >= MAX_OTHER_FIELDS {
                return false;
            }
            seen.push(other);
            let longer = distinctive(other);
            longer.len() > words.len()
                && words.iter().all(|w| longer.contains(w))
                && names_flag(norm, other)
        })
}

/// Other fields looked at by [`names_a_longer_field`], at most.
const MAX_OTHER_FIELDS: usize = 512;

/// The byte span (in `text`) of a clause whose yes/no contradicts a boolean it names. A flag
/// named only inside the name of a longer field the clause names ([`names_a_longer_field`];
/// `numeric`: the evidence's numeric fields) is not named.
pub(super) fn boolean_conflict(
    text: &str,
    booleans: &[(String, bool)],
    numeric: &[(String, f64)],
) -> Option<(usize, usize)> {
    if booleans.is_empty() {
        return None;
    }
    let text = &*number_abbreviations(text);
    let mut start = 0;
    for clause in text.split_inclusive(CLAUSE_BREAKS) {
        let span = (start, start + clause.len());
        start += clause.len();
        // A parenthesis that names the field refers to it ("(the `auto_refill` setting on
        // your record)"); it states no yes or no.
        if text[..span.0].ends_with('(') {
            continue;
        }
        let lower = clause.to_lowercase().replace('’', "'");
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .collect();
        if words.iter().any(|w| opens_condition(w)) {
            continue;
        }
        let norm = normalize_terms(clause);
        let mut verdict: Option<bool> = None;
        let mut open = false;
        // A clause that states an amount ("Trip fee: $0", "a $95 trip fee") is left to the
        // number checks for a charge.
        let amount = clause.contains(|c: char| c.is_ascii_digit() || "$£€¥₹".contains(c))
            || words.iter().any(|w| matches!(*w, "free" | "zero"));
        // "closes 2 h 21 min after you'd get there", "opens at 10": a place's hours, not
        // whether it is open or closed (read once, for the first open/close flag named).
        let mut hours: Option<bool> = None;
        for (key, value) in booleans {
            if !names_flag(&norm, key)
                || names_a_longer_field(&norm, key, numeric, booleans)
                || (amount && is_charge(key))
                || ((key.contains("open") || key.contains("clos"))
                    && *hours.get_or_insert_with(|| speaks_of_hours(clause)))
            {
                continue;
            }
            match verdict {
                None => verdict = Some(*value),
                Some(v) if v != *value => open = true,
                _ => {}
            }
        }
        let (Some(value), false) = (verdict, open) else {
            continue;
        };
        // "5% off", "$39 off": an amount taken off (a discount), not a switch turned off.
        let discount = |i: usize| {
            words[i] == "off" && i > 0 && words[i - 1].starts_with(|c: char| c.is_ascii_digit())
        };
        let negative = lower.contains("n't")
            || lower.contains("non-")
            || words.iter().enumerate().any(|(i, w)| {
                !discount(i)
                    && matches!(
                        *w,
                        "not"
                            | "no"
                            | "never"
                            | "without"
                            | "off"
                            | "disabled"
                            | "inactive"
                            | "none"
                            | "nothing"
                            | "neither"
                            | "nor"
                            | "non"
                            | "cannot"
                    )
            });
        if negative == value {
            let lead = clause.len() - clause.trim_start().len();
            let body = clause
                .trim()
                .trim_end_matches([',', ';', '—', '–', '(', ')', '.', '!', '?', ':', '\n']);
            return Some((span.0 + lead, span.0 + lead + body.len()));
        }
    }
    None
}

/// Whether an "open" or "close" word of `clause` speaks of opening hours
/// ([`super::states::opening_hours_after`]: a time, a duration or "until" follows it).
fn speaks_of_hours(clause: &str) -> bool {
    let mut at = 0;
    for word in clause.split_inclusive(|c: char| !c.is_ascii_alphabetic()) {
        let w = word.trim_end_matches(|c: char| !c.is_ascii_alphabetic());
        if !w.is_empty() && super::states::opening_hours_after(clause, at, at + w.len()) {
            return true;
        }
        at += word.len();
    }
    false
}

/// Whether a word of the boolean field `key` (`yanked`, `is_archived`; not `is`, `has`), or the
/// whole key, is a JSON string value of the evidence (`"status": "yanked"`, `"reason_code":
/// "APPROVAL_REQUIRED"`): another result states it as a value, so the boolean is not the run's
/// only word on it.
pub(super) fn word_held_as_value(ev: &Evidence, key: &str) -> bool {
    // The key is already a `field_name`: lower case, its words split by `_`. The whole key
    // counts too (`"approval_required": false` beside `"reason_code": "APPROVAL_REQUIRED"`).
    key.split(|c: char| !c.is_alphanumeric())
        .chain(std::iter::once(key))
        .filter(|w| w.len() >= 4)
        .any(|w| {
            // The word or its stem ("yanked", "yank": `"alternatives": ["yank", …]`).
            let stem = normalize_terms(w);
            [w, stem.as_str()].iter().any(|v| {
                let quoted = format!("\"{v}\"");
                let held = ev
                    .occurrences(&quoted)
                    .any(|o| !o.text[o.end..].trim_start().starts_with(':'));
                held
            })
        })
}

/// `text` with "No." abbreviating "number" ("Booking No.: CF26038864", "Flat No. 802", "Ref
/// no. - AMN-2605") written "nbr" — no negation, and no full stop ending a clause; every
/// other byte where it was.
fn number_abbreviations(text: &str) -> std::borrow::Cow<'_, str> {
    let lower = text.to_ascii_lowercase();
    let mut hits = Vec::new();
    let mut from = 0;
    while let Some(p) = lower[from..].find("no.").map(|p| from + p) {
        from = p + 3;
        let word_start = lower[..p]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after = lower[p + 3..].trim_start();
        let code = after.starts_with([':', '-', '#'])
            || after
                .split_whitespace()
                .next()
                .is_some_and(|w| w.chars().any(|c| c.is_ascii_digit()));
        if word_start && code {
            hits.push(p);
        }
    }
    if hits.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.to_owned();
    for p in hits {
        out.replace_range(p..p + 3, "nbr");
    }
    std::borrow::Cow::Owned(out)
}

/// The yes/no words of clauses that name a boolean field ("Autopay is off" for `"autopay":
/// false`): byte ranges in `text`. They state the field's value (judged by
/// [`boolean_conflict`]), so they are no content the evidence must hold in words.
pub(super) fn boolean_words(text: &str, booleans: &[(String, bool)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if booleans.is_empty() {
        return out;
    }
    let mut start = 0;
    for clause in text.split_inclusive(CLAUSE_BREAKS) {
        let at = start;
        start += clause.len();
        let norm = normalize_terms(clause);
        if !booleans.iter().any(|(key, _)| names_flag(&norm, key)) {
            continue;
        }
        for w in clause.split(|c: char| !c.is_alphanumeric()) {
            if matches!(
                w.to_ascii_lowercase().as_str(),
                "on" | "off" | "enabled" | "disabled" | "active" | "inactive" | "yes" | "no"
            ) {
                // `w` is a slice of `clause`: its offset is the distance between them.
                let s = at + (w.as_ptr() as usize - clause.as_ptr() as usize);
                out.push((s, s + w.len()));
            }
        }
    }
    out
}

/// Opposite direction words a field's value may hold (both directions).
const POLAR: &[(&str, &str)] = &[
    ("up", "down"),
    ("increasing", "decreasing"),
    ("rising", "falling"),
    ("improving", "declining"),
    ("improving", "worsening"),
    ("positive", "negative"),
    ("higher", "lower"),
    ("open", "closed"),
    ("enabled", "disabled"),
    ("active", "inactive"),
    ("above", "below"),
    ("ahead", "behind"),
    ("early", "late"),
    ("surplus", "deficit"),
    ("gain", "loss"),
];

/// Fields holding a word of [`POLAR`]: (field name, value, opposites), at most
/// [`MAX_BOOLEANS`].
pub(super) fn keyed_polar(
    v: &serde_json::Value,
    key: Option<&str>,
    out: &mut Vec<(String, &'static str, Vec<&'static str>)>,
) {
    use serde_json::Value as J;
    if out.len() >= MAX_BOOLEANS {
        return;
    }
    match v {
        J::String(s) if s.len() <= 16 => {
            let l = s.trim().to_lowercase();
            let mut value = None;
            let mut opposites = Vec::new();
            for &(a, b) in POLAR {
                if l == a {
                    value = Some(a);
                    opposites.push(b);
                } else if l == b {
                    value = Some(b);
                    opposites.push(a);
                }
            }
            if let (Some(k), Some(value)) = (key, value) {
                out.push((field_name(k), value, opposites));
            }
        }
        J::Array(a) => a.iter().for_each(|x| keyed_polar(x, key, out)),
        J::Object(o) => o.iter().for_each(|(k, x)| keyed_polar(x, Some(k), out)),
        _ => {}
    }
}

/// The byte span (in `text`) of an opposite word a sentence says of a field holding a
/// direction word ([`keyed_polar`]).
pub(super) fn polar_conflict(
    text: &str,
    fields: &[(String, &'static str, Vec<&'static str>)],
) -> Option<(usize, usize)> {
    if fields.is_empty() {
        return None;
    }
    let lower = text.to_lowercase();
    // Whole words with their byte offsets (lower-casing may change lengths: offsets are
    // taken in `lower` and mapped back only when its length is unchanged).
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in lower
        .char_indices()
        .chain(std::iter::once((lower.len(), ' ')))
    {
        match (c.is_alphanumeric() || c == '\'', start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((s, &lower[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if words.iter().any(|(_, w)| opens_condition(w)) {
        return None;
    }
    let norm = normalize_terms(text);
    let has = |w: &str| words.iter().find(|(_, x)| *x == w).map(|&(i, _)| i);
    let named: Vec<&(String, &'static str, Vec<&'static str>)> = fields
        .iter()
        .filter(|(key, ..)| {
            let parts = distinctive(key);
            !parts.is_empty() && parts.iter().all(|w| contains_terms(&norm, w))
        })
        .collect();
    // Fields of the name that disagree, or a sentence that also says the value: open.
    let (first, rest) = named.split_first()?;
    if rest.iter().any(|f| f.1 != first.1) || has(first.1).is_some() {
        return None;
    }
    let (s, e) = first
        .2
        .iter()
        .find_map(|o| has(o).map(|i| (i, i + o.len())))?;
    (lower.len() == text.len()).then_some((s, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(json: &str) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        keyed_booleans(&serde_json::from_str(json).unwrap(), None, &mut out);
        out
    }

    #[test]
    fn a_direction_word_against_the_field_holding_its_opposite() {
        let mut f = Vec::new();
        keyed_polar(
            &serde_json::from_str(r#"{"account":{"health_score":70,"health_trend":"down"},"deals":[{"stage":"open"},{"stage":"closed"}]}"#).unwrap(),
            None,
            &mut f,
        );
        let conflict = |t: &str| polar_conflict(t, &f).map(|(s, e)| t[s..e].to_owned());
        assert_eq!(
            conflict("The health score is 70, trending up.").as_deref(),
            Some("up")
        );
        assert_eq!(conflict("The health score is 70, trending down."), None);
        // Not naming the field: "up" is anyone's.
        assert_eq!(conflict("Usage is up 20% this month."), None);
        // Records that disagree leave it open.
        assert_eq!(conflict("The deal stage is closed."), None);
    }

    #[test]
    fn a_yes_or_no_against_the_boolean_it_names() {
        let nested = flags(r#"{"account":{"autopay":{"enabled":true,"day":25}}}"#);
        assert!(boolean_conflict("Autopay is off, so pay by hand.", &nested, &[]).is_some());
        let words = |t: &str| -> Vec<String> {
            boolean_words(t, &nested)
                .into_iter()
                .map(|(s, e)| t[s..e].to_owned())
                .collect()
        };
        assert_eq!(words("Autopay is off on this account."), ["off", "on"]);
        assert!(words("The light is off.").is_empty());
        assert_eq!(boolean_conflict("Autopay is on.", &nested, &[]), None);
        // "No." abbreviating "number" negates nothing.
        let booked = flags(r#"{"booked":true,"booking_id":"CF26038864"}"#);
        assert_eq!(
            boolean_conflict("Booking No.: CF26038864", &booked, &[]),
            None
        );
        assert_eq!(
            boolean_conflict("Booking no. 26038864 is confirmed", &booked, &[]),
            None
        );
        assert!(boolean_conflict("No booking was made.", &booked, &[]).is_some());
        // An arrow leads to what follows from the flag: its negation is about that.
        let paid = flags(r#"{"paid_online":true,"total":204.0}"#);
        assert_eq!(
            boolean_conflict("paid online ✓ → nothing due at check-in", &paid, &[]),
            None
        );
        assert!(boolean_conflict("not paid online → pay at check-in", &paid, &[]).is_some());
        // The flag's words inside the name of a longer field the clause names: that field,
        // not the flag, is what the clause is about.
        let off = flags(r#"{"plan":{"autopay":false,"autopay_discount_pct":5}}"#);
        let numeric = [("autopay_discount_pct".to_owned(), 5.0)];
        let clause = "It takes 5% off — rate from `autopay_discount_pct`.";
        assert_eq!(boolean_conflict(clause, &off, &numeric), None);
        assert!(boolean_conflict(clause, &off, &[]).is_some());
        assert!(boolean_conflict("You have autopay, so it is drafted.", &off, &numeric).is_some());
        // A label and its value; a parenthesis naming the field.
        let refill = flags(r#"{"rx_number":"4847214-04","auto_refill":false}"#);
        assert_eq!(
            boolean_conflict("- Refills left: 1\n- Auto-refill: off", &refill, &[]),
            None
        );
        assert!(boolean_conflict("- Auto-refill: on\n- Refills left: 1", &refill, &[]).is_some());
        assert_eq!(
            boolean_conflict(
                "Auto-refill is off for this prescription (the `auto_refill` setting on your record).",
                &refill,
                &[]
            ),
            None
        );
        let b = flags(
            r#"{"account":{"autopay":true,"paperless":false},"subscription":{"cancel_at_period_end":false},"visit":{"permission_to_enter":true}}"#,
        );
        let conflict = |t: &str| boolean_conflict(t, &b, &[]).map(|(s, e)| t[s..e].to_owned());
        assert_eq!(
            conflict("Autopay is on, so it will be drafted automatically."),
            None
        );
        assert_eq!(
            conflict("Autopay is off, so it will be drafted automatically.").as_deref(),
            Some("Autopay is off")
        );
        assert!(conflict("The subscription is set to cancel at the end of the period.").is_some());
        assert_eq!(
            conflict(
                "It renews automatically, and nothing is set to cancel at the end of the period."
            ),
            None
        );
        assert!(conflict("You didn't give permission to enter, so be home.").is_some());
        assert_eq!(
            conflict("You gave permission to enter, so you don't need to be home."),
            None
        );
        assert_eq!(conflict("You're not enrolled in paperless billing."), None);
        assert!(conflict("You're enrolled in paperless billing.").is_some());
        // A condition states no yes/no.
        assert_eq!(conflict("If you turn autopay off, pay by the 25th."), None);
        // Two fields of the name that disagree leave it open.
        let two = flags(
            r#"{"fees":[{"name":"deposit","refundable":true},{"name":"app fee","refundable":false}]}"#,
        );
        assert_eq!(
            boolean_conflict("The deposit is refundable.", &two, &[]),
            None
        );
        assert_eq!(
            boolean_conflict("The application fee is non-refundable.", &two, &[]),
            None
        );
    }
}
