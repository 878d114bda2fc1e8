//! A status stated right before its code in parentheses must be a gloss of that code: "pledge
//! status charged (`charged`)", "status: in production (`in_production`)". Words sharing no word
//! with the code ("pledge status shipped (`charged`)") state another status than the one the
//! code names. Only a code the evidence holds as a quoted value is read, and only the words
//! after "status" up to the parenthesis.

use super::evidence::Evidence;
use super::terms::normalize_terms;

/// The byte span of the status words of `answer[cs..ce]` that their own code contradicts.
pub(super) fn status_code_conflict(
    ev: &Evidence,
    answer: &str,
    cs: usize,
    ce: usize,
) -> Option<(usize, usize)> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\bstatus(?:\s+is|\s*:)?\s+(?P<w>[a-z][a-z ,'-]{1,40}?)\s*\(\s*`(?P<code>[A-Za-z][A-Za-z_]{2,40})`\s*\)",
        )
        .expect("status code")
    });
    let text = answer.get(cs..ce)?;
    for c in re.captures_iter(text).take(4) {
        let code = &c["code"];
        if ev
            .occurrences(&format!("\"{}\"", code.to_lowercase()))
            .next()
            .is_none()
        {
            continue;
        }
        let code_words = normalize_terms(&code.replace('_', " "));
        let stated = normalize_terms(&c["w"]);
        let shared = stated
            .split(' ')
            .filter(|w| w.len() >= 3)
            .any(|w| code_words.split(' ').any(|k| k == w));
        if !shared {
            let w = c.name("w").expect("group");
            return Some((cs + w.start(), cs + w.end()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::report::FlagKind;
    use crate::stage2::test_support::flagged_as;

    #[test]
    fn a_status_glosses_its_code() {
        let ev = r#"{"pledge":{"pledge_id":"PL-1","status":"charged"},"reward":{"status":"in_production"}}"#;
        let flagged = |a: &str| flagged_as(ev, a, FlagKind::StateConflict);
        assert!(!flagged("Checked: pledge status charged (`charged`)."));
        assert!(!flagged(
            "Checked: reward status in production (`in_production`)."
        ));
        assert!(flagged("Checked: pledge status shipped (`charged`)."));
        assert!(flagged(
            "Checked: reward status charged, reward not shipped (`in_production`)."
        ));
    }
}
