//! The name a salutation addresses ("Hi Marcus!", "Dear Ms. Okafor,", "Hello Dana —"): the
//! person the answer is written to. A greeting is no claim about the evidence, but the name
//! in it is one — the agent knows the user's name only from a tool result, the user's own
//! messages or its instructions. A name that none of them spells is somebody else's (an
//! entity taken from another record, or made up).
//!
//! Only a salutation opening the unit is read: a greeting word, an optional title, then one
//! or two capitalized words ended by punctuation or the unit's end. Forms of address that
//! are no name ("Hi there", "Dear Customer", "Hello team") are left alone.

/// Words that open a salutation (lower case; "good morning" and the like by their last word).
const GREETINGS: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "dear",
    "morning",
    "afternoon",
    "evening",
];
/// Titles before a name.
const TITLES: &[&str] = &["mr", "mrs", "ms", "miss", "mx", "dr", "prof"];
/// Forms of address that are no one's name.
const GENERIC: &[&str] = &[
    "there",
    "all",
    "everyone",
    "everybody",
    "team",
    "folks",
    "friend",
    "friends",
    "customer",
    "member",
    "sir",
    "madam",
    "colleague",
    "colleagues",
    "resident",
    "user",
    "again",
];

/// The byte span (in `text`) of the name a salutation opening `text` addresses, if any.
pub(super) fn addressed_name(text: &str) -> Option<(usize, usize)> {
    let lead = text.len() - text.trim_start().len();
    let t = &text[lead..];
    let mut words = t
        .split_inclusive(|c: char| c.is_whitespace())
        .scan(lead, |at, w| {
            let st = *at;
            *at += w.len();
            Some((st, w.trim_end()))
        })
        .filter(|(_, w)| !w.is_empty());
    let (_, first) = words.next()?;
    let first = first.trim_end_matches([',', '!']);
    let greeting = first.to_ascii_lowercase();
    let opening = match greeting.as_str() {
        "good" => {
            let (_, w) = words.next()?;
            let w = w.trim_end_matches([',', '!']).to_ascii_lowercase();
            GREETINGS[4..].contains(&w.as_str())
        }
        g => GREETINGS[..4].contains(&g),
    };
    if !opening {
        return None;
    }
    let mut name: Option<(usize, usize)> = None;
    for (st, w) in words {
        let bare = w.trim_end_matches([',', '!', '.', ':', '—', '–', ';']);
        let last = bare.len() < w.len();
        let lower = bare.to_ascii_lowercase();
        if name.is_none() && TITLES.contains(&lower.trim_end_matches('.')) {
            continue;
        }
        let is_name = bare.chars().count() >= 2
            && bare.starts_with(|c: char| c.is_uppercase())
            && bare
                .chars()
                .all(|c| c.is_alphabetic() || matches!(c, '\'' | '’' | '-'))
            && !GENERIC.contains(&lower.as_str());
        if !is_name {
            return None;
        }
        name = Some((name.map_or(st, |n| n.0), st + bare.len()));
        if last {
            return name;
        }
        if name.is_some_and(|(s, e)| text[s..e].split_whitespace().count() >= 2) {
            return None;
        }
    }
    // The unit ends with the name ("Hi Marcus").
    name
}

/// Whether every word of `name` is spelled by one of the evidence texts `lower` (lower-cased,
/// as [`super::evidence::Evidence::lower`] holds them), as a word.
pub(super) fn name_in(name: &str, lower: &[String]) -> bool {
    name.split_whitespace().all(|w| {
        let w = w.to_lowercase();
        lower.iter().any(|d| {
            d.match_indices(&w).any(|(i, _)| {
                let before = d[..i].chars().next_back();
                let after = d[i + w.len()..].chars().next();
                !before.is_some_and(char::is_alphanumeric)
                    && !after.is_some_and(char::is_alphanumeric)
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(t: &str) -> Option<&str> {
        addressed_name(t).map(|(s, e)| &t[s..e])
    }

    #[test]
    fn the_name_a_salutation_addresses() {
        assert_eq!(name("Hi Marcus!"), Some("Marcus"));
        assert_eq!(name("Dear Ms. Okafor,"), Some("Okafor"));
        assert_eq!(name("Hello Dana Reyes,"), Some("Dana Reyes"));
        assert_eq!(name("Good morning, Priya!"), Some("Priya"));
        assert_eq!(name("Hi Derek"), Some("Derek"));
        // What follows the name's punctuation is the unit's own business.
        assert_eq!(name("Hi Marcus, your refund went through."), Some("Marcus"));
        for t in [
            "Hi there!",
            "Dear Customer,",
            "Hello team,",
            "Hey, your bag was found.",
            "Dear Sir or Madam,",
            "Highlights: Marcus",
        ] {
            assert_eq!(name(t), None, "{t}");
        }
    }

    #[test]
    fn a_name_is_found_as_a_word() {
        let docs = vec![r#"{"holder": "Derek Simmons", "agent": "Danaë"}"#.to_lowercase()];
        assert!(name_in("Derek", &docs));
        assert!(name_in("derek simmons", &docs));
        assert!(!name_in("Dere", &docs));
        assert!(!name_in("Marcus", &docs));
    }
}
