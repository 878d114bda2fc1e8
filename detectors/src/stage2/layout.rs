//! Layout marks an answer's lines carry that say nothing: a chat line's status symbol ("✅ ",
//! "⚠️ ", "📌 ", "➡️ "), a block quote's mark ("> "), and the no-break spaces of typography
//! ("36\u{a0}hens", "cancel by 6:00\u{202f}AM"), and the typographic apostrophe inside a word
//! ("Here’s"). The answer is scored with each of them written as a plain space (the apostrophe
//! as `'`) — one character for one, so every character offset of the report is the
//! answer's own — and the claims' texts are then read back from the answer ([`remap`]). A
//! no-break space between two digits is a digit group separator ("30\u{202f}502") and stays.

use crate::report::Claim;
use crate::text::is_line_symbol;

/// The answer with its layout marks written as spaces, or `None` when it has none.
pub(super) fn normalize(answer: &str) -> Option<String> {
    let mut out = String::with_capacity(answer.len());
    let mut changed = false;
    // Whether the scan is in a line's lead (before its first letter, digit or other mark).
    let mut lead = true;
    let mut prev: Option<char> = None;
    let mut chars = answer.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let blank = if c == '\n' {
            lead = true;
            false
        } else if lead && (is_line_symbol(c) || c == '>' && !quote_is_comparison(next, &chars)) {
            true
        } else if matches!(
            c,
            '\u{a0}' | '\u{202f}' | '\u{2007}' | '\u{2009}' | '\u{200a}'
        ) {
            !(prev.is_some_and(|p| p.is_ascii_digit()) && next.is_some_and(|n| n.is_ascii_digit()))
        } else {
            if !c.is_whitespace() {
                lead = false;
            }
            false
        };
        // A typographic apostrophe inside a word ("Here’s", "don’t") is the apostrophe.
        let apostrophe = c == '’'
            && prev.is_some_and(char::is_alphabetic)
            && next.is_some_and(char::is_alphabetic);
        if blank {
            out.push(' ');
            changed = true;
        } else if apostrophe {
            out.push('\'');
            changed = true;
        } else {
            out.push(c);
        }
        prev = Some(c);
    }
    changed.then_some(out)
}

/// "> 30 days": a comparison, not a block quote's mark.
fn quote_is_comparison(
    next: Option<char>,
    rest: &std::iter::Peekable<std::str::Chars<'_>>,
) -> bool {
    let mut rest = rest.clone();
    let mut n = next;
    while n.is_some_and(|c| c == ' ') {
        rest.next();
        n = rest.peek().copied();
    }
    if !n.is_some_and(|c| c.is_ascii_digit()) {
        return false;
    }
    // "> 2. Item", "> 3) Step": a list inside a quote.
    while n.is_some_and(|c| c.is_ascii_digit()) {
        rest.next();
        n = rest.peek().copied();
    }
    let list = matches!(n, Some('.' | ')')) && {
        rest.next();
        rest.peek().is_some_and(|c| *c == ' ')
    };
    !list
}

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
    use super::*;

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
