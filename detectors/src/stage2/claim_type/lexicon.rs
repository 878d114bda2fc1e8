//! The closed-class words the classification reads (pronouns, modals, subordinators, hedges,
//! determiners, irregular past forms) and the splitting of a unit into words.

pub(super) const FIRST_PERSON: &[&str] = &["i", "we"];
pub(super) const MODALS: &[&str] = &[
    "will",
    "can",
    "could",
    "would",
    "shall",
    "should",
    "may",
    "might",
    "must",
    "need",
    "want",
    "am going",
    "are going",
    "'ll",
    "'d",
];
pub(super) const SUBORDINATORS: &[&str] = &[
    "if",
    "once",
    "when",
    "after",
    "before",
    "unless",
    "until",
    "as soon as",
    "while",
    "whenever",
    "to",
];
pub(super) const HEDGES: &[&str] = &[
    "it seems that",
    "it seems like",
    "it seems",
    "it looks like",
    "it appears that",
    "it appears",
    "unfortunately",
    "however",
    "sorry",
    "okay",
    "ok",
    "alright",
    "great",
    "thanks",
    "thank you",
    "either way",
    "in any case",
    "anyway",
    // A coordinating conjunction opening the sentence ("So I took the next opening", "And
    // I've sent it") joins it to the last one; the clause after it is the statement.
    "so",
    "and",
    "but",
    "then",
];
/// Determiners and possessives: after `have` they open an object ("I have your details").
pub(super) const DETERMINERS: &[&str] = &[
    "a", "an", "the", "your", "my", "our", "their", "his", "her", "its", "this", "that", "these",
    "those", "some", "all", "no", "any", "both", "each", "every",
];
/// Irregular past forms (English grammar, not domain words).
pub(super) const IRREGULAR_PAST: &[&str] = &[
    "found", "sent", "made", "got", "put", "took", "gave", "saw", "did", "set", "left", "kept",
    "paid", "told", "brought", "bought", "held", "ran", "went", "wrote", "chose", "began", "spoke",
    "heard", "read", "built", "met", "sold", "led", "won", "lost",
];

/// Lower-cased words of `text` with apostrophes normalized and Markdown stripped; clitics are
/// split off (`i'll` → `i`, `'ll`; `couldn't` → `could`, `n't`).
pub(super) fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in text.split(|c: char| c.is_whitespace() || c == '—' || c == '–') {
        let w: String = raw
            .chars()
            .map(|c| if c == '’' || c == '‘' { '\'' } else { c })
            .filter(|c| c.is_alphanumeric() || *c == '\'' || *c == '-')
            .flat_map(char::to_lowercase)
            .collect();
        let w = w.trim_matches(|c| c == '\'' || c == '-');
        if w.is_empty() {
            continue;
        }
        if let Some(base) = w.strip_suffix("n't") {
            let base = match base {
                "ca" => "can",
                "wo" => "will",
                "sha" => "shall",
                b => b,
            };
            out.push(base.to_owned());
            out.push("n't".to_owned());
            continue;
        }
        match w.split_once('\'') {
            Some((base, clitic)) if matches!(clitic, "ll" | "ve" | "m" | "re" | "d" | "s") => {
                out.push(base.to_owned());
                out.push(format!("'{clitic}"));
            }
            _ => out.push(w.to_owned()),
        }
    }
    out
}

pub(super) fn starts_with_phrase(ws: &[String], phrase: &str) -> bool {
    let p: Vec<&str> = phrase.split(' ').collect();
    ws.len() >= p.len() && ws.iter().zip(&p).all(|(a, b)| a == b)
}

pub(super) fn is_modal(ws: &[String], i: usize) -> bool {
    let Some(w) = ws.get(i) else { return false };
    MODALS.iter().any(|m| match m.split_once(' ') {
        Some((a, b)) => w == a && ws.get(i + 1).is_some_and(|n| n == b),
        None => w == m,
    })
}

/// Past or perfect verb at `i` (after a first-person subject).
pub(super) fn is_past_or_perfect(ws: &[String], i: usize) -> bool {
    let Some(w) = ws.get(i) else { return false };
    matches!(w.as_str(), "have" | "'ve" | "had" | "has" | "was" | "were")
        || (w.ends_with("ed") && w.len() > 3)
        || IRREGULAR_PAST.contains(&w.as_str())
        // "I couldn't find", "I could not": a report of a failed attempt.
        || (w == "could" && ws.get(i + 1).is_some_and(|n| n == "n't" || n == "not"))
}
