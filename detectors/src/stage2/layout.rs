//! Layout marks an answer's lines carry that say nothing: a chat line's status symbol ("✅ ",
//! "⚠️ ", "📌 ", "➡️ "), a block quote's mark ("> "), the no-break and other Unicode spaces of
//! typography ("36\u{a0}hens", "cancel by 6:00\u{202f}AM"), and the typographic apostrophe inside a word
//! ("Here’s"). The answer is scored with each of them written as a plain space (the apostrophe
//! as `'`) — one character for one, so every character offset of the report is the
//! answer's own — and the claims' texts are then read back from the answer ([`remap`]). A
//! space between two digits is a digit group separator ("30\u{202f}502") and stays.
//! The normalization is [`crate::text::layout_normalize`]; [`crate::text::segment`] splits that
//! normalized form, so the answer and its normalized form have the same units. This module
//! reads the claims back.

use crate::report::Claim;

/// Read the claims' texts back from `answer` after scoring its normalized form `normalized`:
/// offsets are character offsets and the same in both; a claim's text is found in the
/// normalized answer (in order) and replaced by the answer's characters at that place.
pub(super) fn remap(claims: &mut [Claim], normalized: &str, answer: &str) {
    let chars: Vec<(usize, char)> = answer.char_indices().collect();
    let byte_at = |ch: usize| chars.get(ch).map_or(answer.len(), |&(b, _)| b);
    let slice = |s: usize, e: usize| answer[byte_at(s)..byte_at(e.max(s))].to_owned();
    let mut cursor = 0usize;
    for c in claims.iter_mut() {
        if let Some(at) = normalized[cursor..].find(&c.text).map(|p| p + cursor) {
            let s = normalized[..at].chars().count();
            let n = c.text.chars().count();
            c.text = slice(s, s + n);
            cursor = at;
        }
        for f in &mut c.flagged_spans {
            f.text = slice(f.start as usize, f.end as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::text::layout_normalize as normalize;

    #[test]
    fn marks_become_spaces_character_for_character() {
        let a =
            "✅ Paid.\n> ⚠️ Due 5 May.\n> 30 days left\n36\u{a0}hens of 30\u{202f}502\n> 2. Two";
        let n = normalize(a).expect("has marks");
        assert_eq!(a.chars().count(), n.chars().count());
        // "> ⚠️ " is five characters (the sign's variation selector is one): five spaces.
        assert_eq!(
            n,
            "  Paid.\n     Due 5 May.\n> 30 days left\n36 hens of 30\u{202f}502\n  2. Two"
        );
        assert_eq!(normalize("Plain text, 5 items."), None);
        assert_eq!(
            normalize("Here’s the ‘plan’.").as_deref(),
            Some("Here's the ‘plan’.")
        );
        // A symbol inside a line is content of the line.
        assert_eq!(normalize("Status: ✅ paid"), None);
    }
}
