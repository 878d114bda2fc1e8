//! Names and identifiers: an entity, a code, a version, a section, a month or season by
//! name, against the evidence.

use super::Outcome;
use crate::stage1::contains_bounded;
use crate::stage2::dates;
use crate::stage2::entities::{LANGUAGE_CODES, PLACE_CODES};
use crate::stage2::evidence::Evidence;
use crate::stage2::items::{Item, ItemKind};
use crate::stage2::score::DeterministicScorer;
use crate::stage2::terms::{contains_terms, normalize_terms, REGION_CODES};

impl DeterministicScorer {
    /// Check a name or an identifier (see the module docs).
    pub(in crate::stage2) fn check_name(
        &self,
        ev: &Evidence,
        answer: &str,
        item: &Item,
    ) -> Outcome {
        let no = Outcome::neither();
        // A month's name ("Your May bill", "February's $365.09 bill") is a date: the
        // evidence must hold a day or a period of that month.
        if let Some(m) = dates::month_name(&item.text) {
            // The month before a period the evidence reports, when it reports a previous
            // period too (`"previous_period_total"` beside April's period: "up from
            // March's $27,925.70").
            let holds = |m: u32| ev.dates.iter().any(|d| d.0 == m) || ev.has_month_period(m);
            let previous_of_held = holds(m % 12 + 1)
                && ev
                    .lower
                    .iter()
                    .any(|d| d.contains("previous") || d.contains("prior"));
            return if holds(m) || previous_of_held {
                Outcome::supported(None)
            } else {
                no
            };
        }
        // A month with its year as one token ("Jan-2026", "Feb-26", "Mar/2026"): a billing
        // or reporting period. The evidence must hold a day of that month (of that year when
        // its dates have years) or the period itself ("2026-01").
        if let Some((m, y)) = dates::month_year_token(&item.text) {
            let day_of = ev
                .dates
                .iter()
                .any(|d| d.0 == m && d.2.is_none_or(|dy| dy == y));
            let period = ev.find_text(&format!("{y}-{m:02}")).is_some();
            return if day_of || period {
                Outcome::supported(None)
            } else {
                no
            };
        }
        // A season with its year ("Fall 2026", "Winter 2025") names a period of that
        // year (an academic term, a tariff season): the evidence must hold the year.
        if let Some(y) = dates::season_year(&item.text, &answer[item.end..]) {
            let held =
                ev.dates.iter().any(|d| d.2 == Some(y)) || ev.find_digits(&y.to_string()).is_some();
            return if held { Outcome::supported(None) } else { no };
        }
        let needle = item.text.trim_end_matches(['.', ',', ')']).to_lowercase();
        let needle = needle.trim_start_matches('#');
        // A version ("policy (v3.4)"): the evidence writes it "v3.4" or "Version 3.4".
        if let Some(number) = version_number(needle, &answer[item.end..]) {
            let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '.');
            let held = [format!("v{number}"), format!("version {number}")]
                .iter()
                .find_map(|v| ev.find_text(v))
                .or_else(|| {
                    // `"version": "3.4"`: the number in a document that names versions.
                    ev.occurrences(&number)
                        .find(|o| {
                            !word(o.before(0)) && !word(o.after(0)) && o.text.contains("version")
                        })
                        .map(|o| o.span())
                });
            return match held {
                Some(c) => Outcome::supported(Some(c)),
                None => no,
            };
        }
        if let Some(c) = ev.find_text(needle) {
            return Outcome::supported(Some(c));
        }
        // An abbreviated hash ("commit `b390a88`"): the first characters of a longer hex
        // token of the evidence, as git and most tools shorten a SHA.
        if item.kind == ItemKind::Identifier {
            if let Some(c) = hex_prefix(ev, needle) {
                return Outcome::supported(Some(c));
            }
            // An ISO week by its number ("W8", "W14"): the week the evidence writes in ISO
            // 8601 ("2026-W08").
            if let Some(c) = iso_week(ev, needle) {
                return Outcome::supported(Some(c));
            }
        }
        if item.kind == ItemKind::Identifier
            && ev
                .call_arguments
                .iter()
                .chain(&ev.declarations)
                .any(|a| contains_bounded(a, needle))
        {
            return Outcome::supported(None);
        }
        // "clause 3.1" where the evidence lists `"clauses": [{"id": "3.1", …}]`: the
        // label, in a result that names that kind of part.
        if let Some(c) = section_reference(ev, needle) {
            return Outcome::supported(Some(c));
        }
        // The plural of a code the evidence holds ("your 2 W-2s" for `"form": "W-2"`).
        if let Some(one) = needle
            .strip_suffix('s')
            .filter(|n| n.contains(|c: char| c.is_ascii_digit()))
        {
            if let Some(c) = ev.find_text(one) {
                return Outcome::supported(Some(c));
            }
        }
        if item.kind == ItemKind::Entity {
            // The plural of an acronym ("order IDs" for `order_id`) is the acronym.
            let needle = match item.text.strip_suffix('s') {
                Some(one) if one.len() >= 2 && one.chars().all(|c| c.is_ascii_uppercase()) => {
                    &needle[..one.len()]
                }
                _ => needle,
            };
            // The same term after normalization (case, separators, spelling, inflection).
            let key = normalize_terms(needle);
            if let Some(d) = ev.norm.iter().position(|d| contains_terms(d, &key)) {
                return Outcome {
                    supported: true,
                    contradicted: false,
                    citation: ev
                        .find_text(needle.split_whitespace().next().unwrap_or(""))
                        .filter(|c| c.0 == d),
                };
            }
            // At the start of a sentence (or after a label) the first word may be
            // capitalized only by its position ("Current T-shirt price …"): the rest
            // of the name decides.
            let before = answer[..item.start].trim_end_matches([' ', '*', '_']);
            let closed = before.trim_end_matches([')', '"', '”', '’', '\'']);
            let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
            // A quoted label ('under "Recent trips"') is quoted as written: its first word is
            // not capitalized by its position.
            let whole_quote = before.ends_with(['"', '“'])
                && answer[item.end..].starts_with(['"', '”'])
                && needle.contains(' ');
            let initial = !whole_quote
                && (before.is_empty()
                    || crate::text::lead_markers(line) == line.len()
                    || before.ends_with(['.', ':', '!', '?', '"', '(', '\n', '>', '#', '-', '|'])
                    || closed.len() < before.len() && closed.ends_with(['.', '!', '?']));
            // One capitalized word that opens a sentence ("Just let me know …") is a
            // name only if the answer also writes it capitalized inside a sentence.
            let field_value = needle.chars().all(char::is_alphabetic) && labels_a_field(ev, line);
            if initial
                && !needle.contains(' ')
                && !capitalized_inside(answer, &item.text)
                && !field_value
            {
                return Outcome::supported(None);
            }
            if initial {
                if let Some((_, rest)) = needle.split_once(' ') {
                    let key = normalize_terms(rest);
                    if ev.norm.iter().any(|d| contains_terms(d, &key)) {
                        return Outcome::supported(None);
                    }
                }
            }
            // A state or province code after a place name ("Denver, CO"): the
            // address's qualifier, as the place name itself is checked.
            if REGION_CODES.iter().any(|(_, code)| *code == needle)
                && place_before(answer, item.start)
            {
                return Outcome::supported(None);
            }
            // A region by its code ("Florida" / "FL").
            if let Some((_, code)) = REGION_CODES.iter().find(|(name, _)| *name == needle) {
                if let Some(c) = ev.find_text(code) {
                    return Outcome::supported(Some(c));
                }
            }
            // A language by its ISO code, as a JSON value (`"lang": "ES"`, `"es-ES"`).
            if let Some((_, code)) = LANGUAGE_CODES.iter().find(|(name, _)| *name == needle) {
                let held = ev.occurrences(code).find(|o| {
                    o.before(0) == Some('"') && matches!(o.after(0), Some('"' | '-' | '_'))
                });
                if let Some(o) = held {
                    return Outcome::supported(Some(o.span()));
                }
            }
            if let Some((_, codes)) = PLACE_CODES.iter().find(|(name, _)| *name == needle) {
                if let Some(c) = codes.iter().find_map(|code| ev.find_text(code)) {
                    return Outcome::supported(Some(c));
                }
            }
            // A chemical formula ("CO₂"): its letters before a subscript digit name a
            // substance of the quantity, not an entity of the evidence.
            if answer[item.end..].starts_with(|ch: char| ('₀'..='₉').contains(&ch)) {
                return Outcome::supported(None);
            }
            // An acronym of words the evidence writes out ("AGI" for
            // `adjusted_gross_income`).
            if acronym_of_evidence_words(ev, &item.text) {
                return Outcome::supported(None);
            }
            // A period-over-period abbreviation ("YoY", "MoM", "WoW", "QoQ": a period's letter,
            // "o" for "over", the same letter) names a comparison, not a thing.
            if period_over_period(&item.text) {
                return Outcome::supported(None);
            }
            // An acronym the answer uses as the name of a measure it states ("CPL of $25.63",
            // "CPL £14.98", "3.5x ROAS", "AHT 5.2 min", "CPL = spend ÷ leads"): the name of a
            // quantity, whose value is checked as a number, not a name of the evidence.
            if names_a_measure(answer, &item.text) {
                return Outcome::supported(None);
            }
            // A place or site the evidence codes by its letters ("the Otur centre" for
            // `CC-OTR`, "Riverview Gallery" for `SITE-RVG`).
            if abbreviated_by_code(ev, &item.text) {
                return Outcome::supported(None);
            }
            // Multi-word names: every significant word present counts (word order,
            // possessives and articles vary in paraphrase).
            let words: Vec<&str> = needle
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.len() > 2)
                .collect();
            if !words.is_empty() && words.iter().all(|w| ev.find_text(w).is_some()) {
                return Outcome::supported(ev.find_text(words[0]));
            }
        }
        no
    }
}

/// The shortest abbreviation of a hash read as one ("b390a88", git's default of seven).
const MIN_HEX_PREFIX: usize = 7;

/// Where the evidence holds a hex token that `needle` (seven or more hex digits, with a letter
/// and a digit) begins: an abbreviated hash. The token must go on in hex digits past the
/// needle, so a whole identifier of the evidence is not a prefix of itself.
fn hex_prefix(ev: &Evidence, needle: &str) -> Option<(usize, usize, usize)> {
    let hex = needle.len() >= MIN_HEX_PREFIX
        && needle.bytes().all(|b| b.is_ascii_hexdigit())
        && needle.bytes().any(|b| b.is_ascii_digit())
        && needle.bytes().any(|b| b.is_ascii_alphabetic());
    if !hex {
        return None;
    }
    ev.occurrences(needle)
        .find(|o| {
            !o.before(0).is_some_and(|c| c.is_ascii_alphanumeric())
                && o.after(0).is_some_and(|c| c.is_ascii_hexdigit())
        })
        .map(|o| o.span())
}

/// Where the evidence writes the ISO week `needle` names ("w8", "w08", "wk14" lower-cased) as
/// ISO 8601 does, after its year: "2026-W08".
fn iso_week(ev: &Evidence, needle: &str) -> Option<(usize, usize, usize)> {
    let digits = needle
        .strip_prefix("wk")
        .or_else(|| needle.strip_prefix('w'))?;
    if !(1..=2).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let week: u32 = digits.parse().ok()?;
    if !(1..=53).contains(&week) {
        return None;
    }
    ev.occurrences(&format!("-w{week:02}"))
        .find(|o| {
            o.before(0).is_some_and(|c| c.is_ascii_digit())
                && !o.after(0).is_some_and(|c| c.is_ascii_digit())
        })
        .map(|o| o.span())
}

/// Whether `text` abbreviates "period over period": a capital letter, "o", the same capital
/// letter ("YoY", "QoQ", "MoM", "WoW", "DoD").
fn period_over_period(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 3 && b[0].is_ascii_uppercase() && b[1] == b'o' && b[2] == b[0]
}

/// Whether the answer uses the acronym `acr` (two to six capital letters) as the name of a
/// quantity somewhere: right before a number, alone or after "of", "at", ":",
/// "=" or "≈" ("CPL of $25.63", "CPL £14.98", "AHT 5.2 min"); right after a multiple or a
/// number with a unit ("3.5x ROAS", "36 sec ASA"); or defined by a formula ("CPL = spend ÷
/// leads").
fn names_a_measure(answer: &str, acr: &str) -> bool {
    let n = acr.chars().count();
    if !(2..=6).contains(&n) || !acr.chars().all(|c| c.is_ascii_uppercase()) {
        return false;
    }
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    answer.match_indices(acr).take(32).any(|(at, _)| {
        let (head, tail) = (&answer[..at], &answer[at + acr.len()..]);
        if word(head.chars().next_back()) || word(tail.chars().next()) {
            return false;
        }
        // After it: a number, alone or after a linking word or sign.
        let mut rest = tail.trim_start_matches(['*', ' ']);
        for link in ["of ", "at ", ":", "=", "≈"] {
            if let Some(r) = rest.strip_prefix(link) {
                rest = r.trim_start_matches(['*', ' ']);
                break;
            }
        }
        let rest = rest.trim_start_matches(['$', '€', '£', '¥', '₹', '~']);
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return true;
        }
        // A formula defining it ("CPL = spend ÷ leads").
        if tail.trim_start().starts_with('=') {
            return true;
        }
        // Before it: a multiple or a number with its unit ("3.5x ROAS", "1.0× ROAS").
        let before = head.trim_end_matches(['*', ' ']);
        let before = before.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '×');
        before.len() < head.trim_end_matches(['*', ' ']).len()
            && before.ends_with(|c: char| c.is_ascii_digit())
            && head.ends_with(' ')
    })
}

/// A section reference ("clause 3.1", "section 4.3", "§ 12", "article IV") found as its label
/// — a whole token, not part of a longer number — in an evidence document that also names the
/// kind of part (`clause`, `clauses`, `section_number`).
fn section_reference(ev: &Evidence, needle: &str) -> Option<(usize, usize, usize)> {
    let (word, label) = needle.split_once(|c: char| c.is_whitespace() || c == '§')?;
    let word = match word.trim_end_matches('.') {
        "" | "sec" => "section",
        w => w,
    };
    let label = label.trim().trim_end_matches(['.', ',', ':']);
    // A lettered subsection ("section 14.08.050(b)"): the section, and "(b)" inside it —
    // before the next part of the same level ("14.08.060").
    if let Some((base, sub)) = label.split_once('(') {
        let sub = sub.trim_end_matches(')');
        if !base.is_empty()
            && (1..=4).contains(&sub.len())
            && sub.chars().all(|c| c.is_ascii_alphanumeric())
        {
            let (d, _, e) = section_reference(ev, &format!("{word} {base}"))?;
            let rest = &ev.lower[d][e..];
            let end = base
                .rfind('.')
                .and_then(|i| rest.find(&base[..=i]))
                .unwrap_or(rest.len());
            let marker = format!("({sub})");
            return rest[..end]
                .find(&marker)
                .map(|i| (d, e + i, e + i + marker.len()));
        }
    }
    let label = label.trim_end_matches(')');
    if label.is_empty() || !label.chars().any(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    // The kind's stem: "clause" in "clauses", "section" in "sections".
    let kind: String = word.chars().take(5).collect();
    if kind.chars().count() < 4 {
        return None;
    }
    let word_char = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    ev.occurrences(label)
        .find(|o| {
            // "3.1" is not "3.12" or "13.1", nor the "3.1" of "3.1.4".
            let continues = matches!(o.after(0), Some('.' | ',')) && word_char(o.after(1));
            let token = !word_char(o.before(0))
                && o.before(0) != Some('.')
                && !word_char(o.after(0))
                && !continues;
            // A plain-text document numbers its parts where a part begins: "7. PETS. 7.1 No
            // pets …" (at a line's start or after a sentence, followed by its text).
            // A Markdown heading numbers its part too: "## 3. Rates".
            // So does an HTML element that opens with it ("<li>1.3 Less than 24 hours …").
            let line_start = o.text[..o.start].rfind('\n').map_or(0, |i| i + 1);
            let heading = without_tags(&o.text[line_start..o.start])
                .trim_end_matches(' ')
                .chars()
                .all(|c| c == '#');
            let opens_line = heading
                || o.before(0) == Some(' ') && matches!(o.before(1), None | Some('.' | ':' | '\n'));
            let numbering = opens_line
                && (label.contains('.') && o.after(0) == Some(' ')
                    || o.after(0) == Some('.') && o.after(1) == Some(' '));
            token && (o.text.contains(kind.as_str()) || numbering)
        })
        .map(|o| o.span())
}

/// The number of a version written `v3.4` ("3.4"; also the identifier `v3` followed by `.4`
/// in the answer).
fn version_number(needle: &str, after: &str) -> Option<String> {
    let major = needle.strip_prefix('v')?;
    if !major.starts_with(|c: char| c.is_ascii_digit())
        || !major.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        return None;
    }
    if major.contains('.') {
        return Some(major.to_owned());
    }
    let minor: String = after
        .strip_prefix('.')
        .map(|r| r.chars().take_while(char::is_ascii_digit).collect())
        .unwrap_or_default();
    Some(if minor.is_empty() {
        major.to_owned()
    } else {
        format!("{major}.{minor}")
    })
}

/// Whether a capitalized place name and a comma stand right before `pos` ("Denver, " before
/// "CO").
fn place_before(answer: &str, pos: usize) -> bool {
    let Some(head) = answer[..pos].strip_suffix(", ") else {
        return false;
    };
    let word = head
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    word.chars().count() >= 3
        && word.starts_with(|c: char| c.is_uppercase())
        && word.chars().skip(1).all(char::is_lowercase)
}

/// Whether `word` appears capitalized inside a sentence of the answer (after a lower-case or
/// comma-ended word), as names do and sentence-initial words do not.
/// Whether the line before a value is a label that names a field of the evidence ("**Depot:**"
/// before "Macon depot" where a result holds `"depot": …`): the value after it is that field's
/// value, capitalized as a value, not only by its position, so a one-word value is checked as a
/// name (a compound such as "Owner-occupied" may paraphrase the field's value, and is not).
fn labels_a_field(ev: &Evidence, line: &str) -> bool {
    let line = &line[crate::text::lead_markers(line)..];
    let Some(label) = line
        .trim_end_matches([' ', '*', '_'])
        .strip_suffix(':')
        .map(|l| l.trim_matches(['*', '_', ' ']))
    else {
        return false;
    };
    let words: Vec<String> = label.split_whitespace().map(str::to_lowercase).collect();
    if words.is_empty()
        || words.len() > 3
        || words.iter().any(|w| !w.chars().all(char::is_alphabetic))
    {
        return false;
    }
    let key = format!("\"{}\":", words.join("_"));
    ev.lower.iter().any(|d| d.contains(&key))
}

fn capitalized_inside(answer: &str, word: &str) -> bool {
    answer.match_indices(word).any(|(i, _)| {
        answer[..i]
            .trim_end()
            .chars()
            .next_back()
            .is_some_and(|c| c.is_lowercase() || c == ',' || c.is_ascii_digit())
    })
}

/// Whether `text` is an acronym (3–6 capital letters) of consecutive words of the evidence:
/// its text or its JSON field names split at underscores ("AGI" for `adjusted_gross_income`,
/// "EFT" for "electronic funds transfer").
fn acronym_of_evidence_words(ev: &Evidence, text: &str) -> bool {
    let n = text.chars().count();
    if !(3..=6).contains(&n) || !text.chars().all(|c| c.is_ascii_uppercase()) {
        return false;
    }
    let target: Vec<u8> = text.bytes().map(|b| b.to_ascii_lowercase()).collect();
    ev.lower.iter().any(|doc| {
        let words: Vec<&str> = doc
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        words.windows(n).any(|w| {
            w.iter()
                .zip(&target)
                .all(|(word, &t)| word.len() > 1 && word.as_bytes()[0] == t)
        })
    })
}

/// Whether a capitalized name is abbreviated by a letter code of the evidence
/// ([`Evidence::name_codes`]): the code's first letter is the name's and its letters occur in
/// the name in order ("OTR" in "Otur", "JNR" in "Junnar", "RVG" in "Riverview Gallery"), as
/// location and site codes are formed; every word of the name (but "the", "and", "for") has
/// its initial in the code, in order. The name must be longer than the code and begin with a
/// capital.
fn abbreviated_by_code(ev: &Evidence, name: &str) -> bool {
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    let letters: Vec<u8> = name
        .bytes()
        .filter(u8::is_ascii_alphabetic)
        .map(|b| b.to_ascii_lowercase())
        .collect();
    // Every word of the name is in the code by its initial ("London Heathrow": L and H of
    // LHR), so a code does not stand for any name that happens to hold its letters ("Delay
    // benefits" holds D, E, N of the airport code DEN but B is not in it).
    let initials: Vec<u8> = name
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| {
            w.len() > 2 && !matches!(w.to_ascii_lowercase().as_str(), "the" | "and" | "for")
        })
        .filter_map(|w| w.bytes().next())
        .map(|b| b.to_ascii_lowercase())
        .collect();
    ev.name_codes.iter().any(|code| {
        let code = code.as_bytes();
        if letters.len() <= code.len() || letters.first() != code.first() {
            return false;
        }
        let mut rest = letters[1..].iter();
        let mut in_code = code.iter();
        code[1..].iter().all(|c| rest.any(|l| l == c))
            && initials.iter().all(|i| in_code.any(|c| c == i))
    })
}

/// `text` without its HTML tags ("<li>", "</p><h2 class=\"x\">"); unclosed "<" kept as text.
fn without_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        match rest[open..].find('>') {
            Some(close) => rest = &rest[open + close + 1..],
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}
