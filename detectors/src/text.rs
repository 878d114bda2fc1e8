//! Text utilities: claim segmentation with offsets, offset conversion, FNV-1a word hashing.

/// Convert a byte offset in `s` to a Unicode scalar (char) offset.
/// FNV-1a 64 offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a 64 of `bytes`, continuing from `h` (start with [`FNV_OFFSET`]). Fast and
/// allocation-free for short keys; not DoS-resistant, so only for trusted-size, short-lived
/// indexes and content keys.
pub fn fnv1a(h: u64, bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes
        .into_iter()
        .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// FNV-1a of a word, ASCII case folded (word sets that store hashes, not strings).
pub fn word_hash(w: &str) -> u64 {
    fnv1a(FNV_OFFSET, w.bytes().map(|b| b.to_ascii_lowercase()))
}

/// A byte offset that is not on a character boundary counts the characters before it (the
/// partial character is not counted), so this never panics.
pub fn char_offset(s: &str, byte: usize) -> usize {
    let b = floor_char_boundary(s, byte);
    s[..b].chars().count()
}

/// The greatest character boundary of `s` at or before `byte` (`s.len()` past the end).
pub fn floor_char_boundary(s: &str, byte: usize) -> usize {
    if byte >= s.len() {
        return s.len();
    }
    let mut b = byte;
    while !s.is_char_boundary(b) {
        b -= 1;
    }
    b
}

/// The least character boundary of `s` at or after `byte` (`s.len()` past the end).
pub fn ceil_char_boundary(s: &str, byte: usize) -> usize {
    let mut b = byte.min(s.len());
    while !s.is_char_boundary(b) {
        b += 1;
    }
    b
}

const ABBREVIATIONS: &[&str] = &[
    "e.g", "i.e", "etc", "vs", "mr", "mrs", "ms", "dr", "st", "no", "approx", "inc", "ltd", "jr",
    "sr", "fig", "sec", "u.s", "a.m", "p.m", "est", "dept", "prof", "rev", "hon", "capt", "col",
    "lt", "sgt", "gov", "sen", "rep",
    // Indian and British business English: rupees ("Rs. 1,250"), "viz.", "Nos." (numbers),
    // quantity and amount.
    "rs", "viz", "nos", "qty", "amt",
];

/// The text with its layout marks written as plain characters, one character for one, or `None`
/// when it has none: a line's leading status symbols and block-quote marks as spaces, white space
/// other than ASCII as a space (not between two digits, where it groups them), a typographic
/// apostrophe inside a word as `'`, the parentheses around digits that restate a number written
/// in words as spaces ("ninety (90) days"). Idempotent. See `stage2::layout`.
pub fn layout_normalize(answer: &str) -> Option<String> {
    // Allocated at the first mark: most texts have none.
    let mut out: Option<String> = None;
    // Whether the scan is in a line's lead (before its first letter, digit or other mark).
    let mut lead = true;
    let mut prev: Option<char> = None;
    let mut chars = answer.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        let blank = if c == '\n' {
            lead = true;
            false
        } else if lead && (is_line_symbol(c) || c == '>' && !comparison_after(&answer[i + 1..])) {
            true
        } else if !c.is_ascii() && c.is_whitespace() {
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
        let written = if blank {
            Some(' ')
        } else if apostrophe {
            Some('\'')
        } else {
            None
        };
        match (written, out.as_mut()) {
            (Some(w), Some(o)) => o.push(w),
            (Some(w), None) => {
                let mut o = String::with_capacity(answer.len());
                o.push_str(&answer[..i]);
                o.push(w);
                out = Some(o);
            }
            (None, Some(o)) => o.push(c),
            (None, None) => {}
        }
        prev = Some(c);
    }
    // Digits in parentheses that restate a number written in words ("sixty-six (66) hours",
    // "three (3) hits"): the parentheses as spaces, so the digits read with the unit or noun
    // after them, as "66 hours" would.
    let text = out.as_deref().unwrap_or(answer);
    let parens = restated_digit_parens(text);
    if parens.is_empty() {
        return out;
    }
    let mut bytes = text.as_bytes().to_vec();
    for p in parens {
        bytes[p] = b' ';
    }
    // ASCII bytes replaced by ASCII bytes: still UTF-8.
    Some(String::from_utf8(bytes).expect("ASCII for ASCII"))
}

/// Number words below twenty, by value ("zero" … "nineteen"): with [`NUMBER_TENS`], the words
/// numbers are written in (`stage2::spoken` reads their values).
pub(crate) const NUMBER_UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
/// The tens from twenty to ninety.
pub(crate) const NUMBER_TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// Byte positions of the parentheses around digits that restate the number written in words
/// right before them ("ninety (90) days"); not a percent or an amount ("(93%)", "($250.00)"),
/// whose sign stays.
fn restated_digit_parens(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (open, _) in text.match_indices('(') {
        let digits = b[open + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == b',')
            .count();
        let close = open + 1 + digits;
        if digits == 0 || b.get(close) != Some(&b')') || !b[open + 1].is_ascii_digit() {
            continue;
        }
        let before = text[..open].strip_suffix(' ').unwrap_or(&text[..open]);
        let word = before
            .rsplit(|c: char| !(c.is_ascii_alphabetic() || c == '-'))
            .next()
            .unwrap_or("");
        let last = word.rsplit('-').next().unwrap_or("").to_ascii_lowercase();
        let last = last.as_str();
        if NUMBER_UNITS.contains(&last)
            || NUMBER_TENS.contains(&last)
            || matches!(last, "hundred" | "thousand" | "million")
        {
            out.push(open);
            out.push(close);
        }
    }
    out
}

/// Split text into claim candidates: sentences, lines and list items, and `;`-separated
/// clauses. Returns byte ranges, trimmed, without bullet markers. The units are those of the
/// text's layout-normalized form ([`layout_normalize`]), so a text and its normalized form have
/// the same units, character for character.
pub fn segment(text: &str) -> Vec<(usize, usize)> {
    let Some(normalized) = layout_normalize(text) else {
        return segment_raw(text);
    };
    let bytes_of = |t: &str| {
        t.char_indices()
            .map(|(b, _)| b)
            .chain(std::iter::once(t.len()))
            .collect::<Vec<usize>>()
    };
    let (orig, norm) = (bytes_of(text), bytes_of(&normalized));
    let map = |b: usize| norm.binary_search(&b).map_or(text.len(), |i| orig[i]);
    segment_raw(&normalized)
        .into_iter()
        .map(|(s, e)| (map(s), map(e)))
        .collect()
}

fn segment_raw(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0usize;
    let mut i = 0usize;
    let mut in_code = false;
    let fences = fenced_blocks(text);
    // Start of the current line (list markers), kept as the scan goes (no rescans).
    let mut line_start = 0usize;
    let mut next_fence = 0usize;
    while i < b.len() {
        // Fenced code blocks (``` or ~~~) are code, not claims: they end the unit before them
        // and nothing inside them is a unit.
        if let Some(&(fs, fe)) = fences.get(next_fence) {
            if i == fs {
                push_trimmed(text, start, fs, &mut out);
                start = fe;
                i = fe;
                next_fence += 1;
                in_code = false;
                continue;
            }
        }
        let c = b[i];
        if i > 0 && b[i - 1] == b'\n' {
            line_start = i;
        }
        if c == b'`' {
            in_code = !in_code;
        }
        let boundary_end = if in_code {
            None
        } else if c == b'\n' {
            Some(i)
        } else if c == b';' && b.get(i + 1) == Some(&b' ') {
            Some(i + 1)
        } else if matches!(c, b'.' | b'!' | b'?') {
            let next = b.get(i + 1).copied();
            let after_ws = b.get(i + 2).copied();
            let is_end = match next {
                None => true,
                Some(b' ') | Some(b'\t') | Some(b'\n') => after_ws.is_none_or(|a| {
                    a.is_ascii_uppercase()
                        || a.is_ascii_digit()
                        || matches!(a, b'"' | b'\'' | b'(' | b'*' | b'-' | b'#' | b'$')
                        || a >= 0x80
                }),
                Some(b'"') | Some(b')') => b.get(i + 2).is_none_or(|a| a.is_ascii_whitespace()),
                _ => false,
            };
            if is_end && c == b'.' {
                // Abbreviations and initials do not end sentences.
                // The word starts after the last whitespace or '(' (which may be a multi-byte
                // character such as U+00A0: step over the whole character).
                let word_start = text[..i]
                    .char_indices()
                    .rev()
                    .find(|&(_, ch)| ch.is_whitespace() || ch == '(')
                    .map_or(0, |(p, ch)| p + ch.len_utf8());
                let word = text[word_start..i].to_ascii_lowercase();
                // "1. " at the start of a line is a list marker, not a sentence.
                let line_start = line_start.min(word_start);
                let list_marker = !word.is_empty()
                    && word.bytes().all(|c| c.is_ascii_digit())
                    && text[line_start..word_start].trim().is_empty();
                let abbreviation = ABBREVIATIONS.contains(&word.as_str())
                    || (word.len() == 1 && word.chars().all(|c| c.is_ascii_alphabetic()));
                if list_marker || abbreviation {
                    None
                } else {
                    Some(i + 1)
                }
            } else if is_end {
                Some(i + 1)
            } else {
                None
            }
        } else {
            None
        };
        if let Some(end) = boundary_end {
            push_trimmed(text, start, end, &mut out);
            start = end;
        }
        i += 1;
    }
    push_trimmed(text, start, text.len(), &mut out);
    out
}

/// Byte ranges of fenced code blocks: from the start of an opening ``` / ~~~ line to the end
/// of its closing line (or of the text, when unclosed).
fn fenced_blocks(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, &str)> = None;
    let mut pos = 0usize;
    for line in text.split_inclusive('\n') {
        // (A fence in a block quote, "> ```", is one: `segment` splits the normalized text.)
        let t = line.trim_start();
        let fence = if t.starts_with("```") {
            Some("```")
        } else if t.starts_with("~~~") {
            Some("~~~")
        } else {
            None
        };
        match (open, fence) {
            (None, Some(f)) => open = Some((pos, f)),
            (Some((s, f)), Some(g)) if f == g => {
                out.push((s, pos + line.len()));
                open = None;
            }
            _ => {}
        }
        pos += line.len();
    }
    if let Some((s, _)) = open {
        out.push((s, text.len()));
    }
    out
}

/// Whether `c` is a symbol that marks a line rather than says something: a status emoji, a
/// check mark, an arrow, a bullet ("✅", "⚠️", "📌", "➡️", "•", "→"). Characters outside
/// ASCII that are neither letters, digits, quotation marks, currency signs nor section signs.
pub fn is_line_symbol(c: char) -> bool {
    !c.is_ascii()
        && !c.is_alphanumeric()
        && !c.is_whitespace()
        && !matches!(
            c,
            '“' | '”'
                | '‘'
                | '’'
                | '«'
                | '»'
                | '„'
                | '€'
                | '£'
                | '¥'
                | '₹'
                | '§'
                | '¶'
                | '−'
        )
}

/// The byte length of the markers that open a unit: white space, block-quote marks ("> "),
/// line symbols ([`is_line_symbol`]) and one list marker ("- ", "* ", "+ ", "1. ", "1) "), in
/// any order ("> ✅ - …").
pub fn lead_markers(rest: &str) -> usize {
    let mut at = 0;
    let mut list_marker_seen = false;
    loop {
        let r = &rest[at..];
        let c = r.chars().next();
        let step = match c {
            Some(c) if c.is_whitespace() || is_line_symbol(c) => c.len_utf8(),
            // A block quote's mark, not "> 30 days" (more than); "> 2. Item" is a list in a
            // quote.
            Some('>') if !comparison_after(&r[1..]) => 1,
            Some('-' | '*' | '+') if !list_marker_seen && r[1..].starts_with(' ') => {
                list_marker_seen = true;
                2
            }
            Some(d) if d.is_ascii_digit() && !list_marker_seen => {
                let digits = r.bytes().take_while(u8::is_ascii_digit).count();
                if digits < 3
                    && matches!(r.as_bytes().get(digits), Some(b'.') | Some(b')'))
                    && r.as_bytes().get(digits + 1) == Some(&b' ')
                {
                    list_marker_seen = true;
                    digits + 2
                } else {
                    0
                }
            }
            _ => 0,
        };
        if step == 0 {
            return at;
        }
        at += step;
    }
}

/// Whether the text after a `>` compares with a number ("> 30 days", ">5%") rather than
/// opening a quoted list item ("> 2. Item").
fn comparison_after(rest: &str) -> bool {
    let r = rest.trim_start_matches(' ');
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && !(matches!(r.as_bytes().get(digits), Some(b'.') | Some(b')'))
            && r.as_bytes().get(digits + 1) == Some(&b' '))
}

fn push_trimmed(text: &str, mut s: usize, mut e: usize, out: &mut Vec<(usize, usize)>) {
    // Markers: "- ", "* ", "• ", "1. ", "1) ", "> ", a line's status symbol.
    s += lead_markers(&text[s..e]);
    while let Some(w) = text[s..e].chars().next_back().filter(|w| w.is_whitespace()) {
        e -= w.len_utf8();
    }
    // A bare list marker ("1.", "2)") or a table rule ("|---|") is no unit.
    let unit = &text[s..e];
    let marker = unit.len() <= 4
        && unit
            .trim_end_matches(['.', ')'])
            .bytes()
            .all(|c| c.is_ascii_digit())
        && unit.ends_with(['.', ')']);
    // A table's header row names its columns and states nothing: the line above its rule.
    let header_row = unit.starts_with('|')
        && text[e..]
            .strip_prefix("\r\n")
            .or_else(|| text[e..].strip_prefix('\n'))
            .and_then(|rest| rest.lines().next())
            .is_some_and(is_table_rule);
    if e > s && !marker && !header_row && !is_table_rule(unit) {
        out.push((s, e));
    }
}

/// Whether `line` is a Markdown table's rule (`|---|:--:|`), white space aside.
pub fn is_table_rule(line: &str) -> bool {
    let l = line.trim();
    l.starts_with('|') && l.contains('-') && l.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// The header of the Markdown table column whose body cell holds byte `pos` of `text`
/// ("Due" for the "May 21" of `| Seventeen Bridges | May 21 | checked out |` under `| Title |
/// Due | Status |`), trimmed; `None` outside a table body, in the header row or in a cell the
/// header has no column for. Looks back at most 64 lines.
pub fn table_header(text: &str, pos: usize) -> Option<&str> {
    let pos = floor_char_boundary(text, pos);
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].split('\n').next()?;
    if !line.trim_start().starts_with('|') {
        return None;
    }
    let column = text[line_start..pos].matches('|').count().checked_sub(1)?;
    // The lines of the table above this one, nearest first.
    let above: Vec<&str> = text[..line_start]
        .trim_end_matches('\n')
        .rsplit('\n')
        .take(64)
        .take_while(|l| l.trim_start().starts_with('|'))
        .collect();
    // The header is the line above the first rule; this line must be below that rule.
    let at = above.iter().rposition(|l| is_table_rule(l))?;
    let header = above.get(at + 1)?;
    if at + 2 != above.len() {
        return None;
    }
    let cell = header
        .trim()
        .trim_start_matches('|')
        .split('|')
        .nth(column)?
        .trim();
    (!cell.is_empty()).then_some(cell)
}

/// A tool result as its reader sees it: JSON `\uXXXX` escapes of printable characters
/// resolved (`"K\u00f6ln"` → `"Köln"`, `"1500\u20131800"` → `"1500–1800"`). Python's
/// `json.dumps` writes every non-ASCII character so by default, and a claim quoting "Köln" or
/// "€61.90" must find it. Escapes that JSON requires (quotes, backslashes, control
/// characters) and lone surrogates stay as written, so a JSON document stays valid JSON.
pub fn resolve_unicode_escapes(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("\\u") {
        return std::borrow::Cow::Borrowed(text);
    }
    let hex4 = |s: &str| -> Option<u32> {
        let h = s.get(..4)?;
        if h.bytes().all(|b| b.is_ascii_hexdigit()) {
            u32::from_str_radix(h, 16).ok()
        } else {
            None
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let esc = &rest[i..];
        // `\\` is an escaped backslash: copied whole, so its second half starts nothing.
        if esc.as_bytes().get(1) != Some(&b'u') {
            let n = esc.chars().take(2).map(char::len_utf8).sum::<usize>();
            out.push_str(&esc[..n]);
            rest = &esc[n..];
            continue;
        }
        let decoded = hex4(&esc[2..]).and_then(|hi| {
            if (0xD800..0xDC00).contains(&hi) {
                // A surrogate pair: `\ud83d\ude00`.
                let lo = esc
                    .get(6..8)
                    .filter(|p| *p == "\\u")
                    .and_then(|_| hex4(&esc[8..]))?;
                let c = (0xDC00..0xE000)
                    .contains(&lo)
                    .then(|| char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)))??;
                Some((c, 12))
            } else {
                char::from_u32(hi).map(|c| (c, 6))
            }
        });
        match decoded {
            Some((c, n)) if !c.is_control() && c != '"' && c != '\\' => {
                out.push(c);
                rest = &esc[n..];
            }
            _ => {
                out.push_str(&esc[..2]);
                rest = &esc[2..];
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_header_row_and_its_rule_are_no_units() {
        let t = "Lots:\n\n| Lot id | Eligible for year |\n|---|---|\n| VCR-1 | yes |\n";
        let units: Vec<&str> = super::segment(t).iter().map(|&(s, e)| &t[s..e]).collect();
        assert_eq!(units, vec!["Lots:", "| VCR-1 | yes |"]);
        // A row with no rule under it is a row.
        let t = "| Lot id | Eligible |\n| VCR-1 | yes |";
        assert_eq!(super::segment(t).len(), 2);
    }

    #[test]
    fn the_header_of_a_table_cell() {
        let t = "Here:\n\n| Title | Due | Status |\n|---|---|---|\n| Seventeen Bridges | May 21 | checked out |\n| Night Ferry | May 25 | overdue |\n\nDone.";
        let at = |needle: &str| super::table_header(t, t.find(needle).unwrap());
        assert_eq!(at("May 21"), Some("Due"));
        assert_eq!(at("overdue"), Some("Status"));
        assert_eq!(at("Night"), Some("Title"));
        assert_eq!(at("Due"), None, "the header row is no body cell");
        assert_eq!(at("Done"), None);
        assert_eq!(at("Here"), None);
    }

    use super::*;

    fn seg(t: &str) -> Vec<&str> {
        segment(t).into_iter().map(|(s, e)| &t[s..e]).collect()
    }

    #[test]
    fn digits_restating_a_number_in_words() {
        assert_eq!(
            layout_normalize("within sixty-six (66) hours and three (3) hits").as_deref(),
            Some("within sixty-six  66  hours and three  3  hits")
        );
        // A percent, an amount, a clause number and a bare reference keep their parentheses.
        assert_eq!(layout_normalize("ninety-three percent (93%)"), None);
        assert_eq!(layout_normalize("two hundred dollars ($200.00)"), None);
        assert_eq!(layout_normalize("Clause 7.2(b) and item (3)"), None);
        // Idempotent.
        let once = layout_normalize("ninety (90) days").unwrap();
        assert_eq!(layout_normalize(&once), None);
    }

    #[test]
    fn sentences_lists_and_abbreviations() {
        assert_eq!(
            seg("It costs $1.5 million. Dr. Smith agreed! Done?"),
            vec!["It costs $1.5 million.", "Dr. Smith agreed!", "Done?"]
        );
        assert_eq!(
            seg("Section 001, Prof. Martin Hale: 3 seats open."),
            vec!["Section 001, Prof. Martin Hale: 3 seats open."]
        );
        assert_eq!(
            seg("Items:\n- A is 3\n- B is 4"),
            vec!["Items:", "A is 3", "B is 4"]
        );
        assert_eq!(
            seg("Use e.g. `a. B` here; then stop."),
            vec!["Use e.g. `a. B` here;", "then stop."]
        );
    }

    #[test]
    fn abbreviation_after_a_multibyte_space_does_not_panic() {
        let t = "Under Cal.\u{a0}Civ.\u{a0}Code \u{a7} 1714 the owner is liable. Civ.\u{2003}Code applies. Done.";
        let parts = seg(t);
        assert!(parts.len() >= 2, "{parts:?}");
        for (s, e) in segment(t) {
            assert!(t.is_char_boundary(s) && t.is_char_boundary(e));
        }
    }

    #[test]
    fn char_offset_inside_a_character_does_not_panic() {
        let s = "a\u{a0}b";
        assert_eq!(char_offset(s, 2), 1);
        assert_eq!(char_offset(s, 99), 3);
        assert_eq!(floor_char_boundary(s, 2), 1);
        assert_eq!(ceil_char_boundary(s, 2), 3);
    }

    #[test]
    fn markdown_lists_and_code() {
        assert_eq!(
            seg("Options:\n1. Red - $5\n2. Blue - $6\n```\nlet x = 1. Y;\n```\nDone."),
            vec!["Options:", "Red - $5", "Blue - $6", "Done."]
        );
        assert_eq!(seg("1.\n2. Two"), vec!["Two"]);
        // A line's status symbol, a block quote's mark and a list marker, in any order, open
        // the unit without being part of it; a bare marker after them is no unit.
        assert_eq!(
            seg("✅ Paid.\n> ⚠️ - Due 5 May.\n📌 1. First\n➡️ 2.\n> 30 days left\n> 3. Third"),
            vec!["Paid.", "Due 5 May.", "First", "> 30 days left", "Third"]
        );
    }

    #[test]
    fn char_offsets() {
        let s = "héllo wörld";
        assert_eq!(char_offset(s, s.find('w').unwrap()), 6);
    }

    #[test]
    fn unicode_escapes_resolved_as_a_reader_sees_them() {
        let j = r#"{"city":"K\u00f6ln","title":"1500\u20131800","fare":"\u20ac61.90","q":"say \"hi\"\u0022","nl":"a\u000ab","path":"C:\\u1234","emoji":"\ud83d\ude00"}"#;
        let out = resolve_unicode_escapes(j);
        let v: serde_json::Value = serde_json::from_str(&out).expect("still JSON");
        let orig: serde_json::Value = serde_json::from_str(j).unwrap();
        assert_eq!(v, orig, "the same document");
        assert!(out.contains("Köln") && out.contains("1500–1800") && out.contains("€61.90"));
        assert!(
            out.contains("\\u0022") && out.contains("\\u000a"),
            "required escapes kept"
        );
        assert!(
            out.contains("C:\\\\u1234"),
            "an escaped backslash starts no escape"
        );
        assert!(out.contains('😀'));
        assert_eq!(
            resolve_unicode_escapes(r"\ud83d!"),
            r"\ud83d!",
            "a lone surrogate kept"
        );
        assert!(matches!(
            resolve_unicode_escapes("plain"),
            std::borrow::Cow::Borrowed(_)
        ));
        // Truncated escapes at the end of a (cut) document are kept as written.
        assert_eq!(resolve_unicode_escapes("x\\u00"), "x\\u00");
        assert_eq!(resolve_unicode_escapes("x\\"), "x\\");
    }
}
