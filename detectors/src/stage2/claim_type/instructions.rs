//! Instructions that are no sentence-initial "please": an imperative opening ("remove the
//! checks from code first"), the clause before one set off by a colon, and the items of a list
//! the user is asked to supply.

use super::lexicon::{words, DETERMINERS, FIRST_PERSON, IRREGULAR_PAST, MODALS, SUBORDINATORS};
use super::{classify, ClaimType};

/// Closed-class words that may stand before a determiner without being a verb: prepositions,
/// adverbs of degree and focus, conjunctions and words of time.
const NOT_VERBS_BEFORE_DETERMINER: &[&str] = &[
    "in",
    "on",
    "at",
    "for",
    "with",
    "after",
    "before",
    "during",
    "from",
    "to",
    "by",
    "under",
    "over",
    "inside",
    "outside",
    "within",
    "since",
    "until",
    "till",
    "about",
    "per",
    "via",
    "through",
    "across",
    "between",
    "into",
    "onto",
    "upon",
    "without",
    "among",
    "against",
    "toward",
    "towards",
    "around",
    "behind",
    "beyond",
    "past",
    "near",
    "of",
    "off",
    "up",
    "down",
    "out",
    "as",
    "than",
    "like",
    "unlike",
    "only",
    "just",
    "even",
    "also",
    "not",
    "and",
    "or",
    "but",
    "nor",
    "so",
    "yet",
    "then",
    "now",
    "here",
    "there",
    "today",
    "tomorrow",
    "yesterday",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "has",
    "have",
    "had",
    "do",
    "does",
    "did",
    "all",
    "both",
    "half",
    "once",
    "when",
    "where",
    "while",
    "because",
    "whether",
    "which",
    "what",
    "who",
    "how",
    "why",
    "whose",
    "via",
    "vs",
    "versus",
    "see",
    "e.g",
    "i.e",
];

/// The tests every reading of an imperative puts to its first word: three letters or more, no
/// closed-class word ([`NOT_VERBS_BEFORE_DETERMINER`], [`DETERMINERS`], pronouns, modals,
/// subordinators), no past form (`-ed`, an irregular past) and no `-ing` form. The endings
/// `-s` and `-ly` are judged by each reading.
fn bare_verb_candidate(f: &str) -> bool {
    f.len() >= 3
        && f.chars().all(|c| c.is_ascii_alphabetic())
        && !NOT_VERBS_BEFORE_DETERMINER.contains(&f)
        && !DETERMINERS.contains(&f)
        && !FIRST_PERSON.contains(&f)
        && !MODALS.contains(&f)
        && !SUBORDINATORS.contains(&f)
        && !IRREGULAR_PAST.contains(&f)
        && !["you", "they", "he", "she", "it", "there", "please"].contains(&f)
        && !f.ends_with("ed")
        && !f.ends_with("ing")
}

/// Whether `text` opens with an imperative: a bare verb right before a determiner ("remove the
/// checks from code first", "archive the flags", "check your settings"). The first word is no
/// closed-class word ([`NOT_VERBS_BEFORE_DETERMINER`], [`DETERMINERS`], pronouns, modals), no
/// past or third-person form (`-ed`, `-s`, an irregular past: "Cancelled the order", "Includes
/// the fee" report and state), no `-ly` adverb and no `-ing` form.
pub fn imperative_opening(text: &str) -> bool {
    let ws = words(text);
    let (Some(first), Some(second)) = (ws.first(), ws.get(1)) else {
        return false;
    };
    const DET: &[&str] = &[
        "the", "a", "an", "your", "this", "these", "those", "its", "their", "any",
    ];
    let f = first.as_str();
    // A label is no verb ("Note: The credit note was issued").
    let labels = text
        .split_whitespace()
        .next()
        .is_some_and(|w| w.trim_end_matches('*').ends_with(':'));
    !labels
        && DET.contains(&second.as_str())
        && bare_verb_candidate(f)
        && !f.ends_with('s')
        && !f.ends_with("ly")
}

/// Whether `text` (its words `ws`) is a bare imperative sentence: an [`imperative_opening`]
/// ("Check the Holdings screen for other eligible lots", "Call the trade desk for same-week
/// stock") of five words or more with no finite or auxiliary verb anywhere ("Walk the Moon was
/// formed earlier" names a band), no comma after the verb ("Hole, the rock band …") and no
/// condition (an offer: "Say the word if you want this exported"). With a number in it, it
/// stays checkable.
pub fn bare_imperative(text: &str, ws: &[String]) -> bool {
    let first_raw = text.split_whitespace().next().unwrap_or("");
    ws.len() >= 5
        && imperative_opening(text)
        && !first_raw.ends_with([',', ';', ':'])
        && !ws.iter().any(|w| FINITE.contains(&w.as_str()))
        // A condition on the user's wish makes it an offer ("Say the word if you want …").
        && !ws.iter().any(|w| matches!(w.as_str(), "if" | "unless" | "when" | "once"))
        && !text.contains(|c: char| c.is_ascii_digit())
}

/// Finite and auxiliary verbs: after an imperative's object, one of them makes the words a
/// statement ("Travel time to Denver is 3 hours").
pub(super) const FINITE: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "has", "have", "had", "does", "did", "will", "would",
    "can", "could", "should", "may", "might", "must", "'s", "'re", "'ll", "'ve", "takes", "took",
    "runs", "costs",
];

/// Whether the words open with an imperative of purpose: a bare verb, a short object, then
/// "to" and a verb ("Reply Y to confirm, N to pick another time", "Text STOP to opt out",
/// "Press 1 to repeat"), with no finite or auxiliary verb anywhere ("Travel time to Denver is
/// 3 hours" states a fact). The first word passes the tests of [`imperative_opening`], but for
/// "-ly", which only an adverb of four letters' stem or more rules out, and "-ss" ("Press").
pub fn purpose_imperative(ws: &[String]) -> bool {
    let Some(f) = ws.first().map(String::as_str) else {
        return false;
    };
    let verb_like = bare_verb_candidate(f)
        && !["due", "next", "new"].contains(&f)
        && (!f.ends_with('s') || f.ends_with("ss"))
        // An adverb's stem is a word of four letters or more ("simply", "quickly"); "reply",
        // "apply" and "supply" are verbs.
        && f.strip_suffix("ly").is_none_or(|stem| stem.len() < 4);
    let to = (2..=4).find(|&k| ws.get(k).is_some_and(|w| w == "to"));
    verb_like
        && to.is_some_and(|k| {
            ws.get(k + 1)
                .is_some_and(|w| w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic()))
                // The object names a thing: no determiner but "the", no conjunction, and no
                // verb form of a subject's own ("Jamaal Charles went to", "Bob Scucci used to").
                && !ws[1..k].iter().any(|w| {
                    let w = w.as_str();
                    (DETERMINERS.contains(&w) && w != "the")
                        || matches!(w, "and" | "or" | "but" | "nor")
                        || IRREGULAR_PAST.contains(&w)
                        || w.ends_with("ed")
                        || (w.len() > 3 && w.ends_with('s') && !w.ends_with("ss"))
                })
        })
        && !ws.iter().any(|w| FINITE.contains(&w.as_str()))
}

/// Whether `text` is a keyword instruction: a bare verb, a keyword in capitals or a digit to
/// send or press, then "for" and what it gets ("Reply HELP for help", "Press 0 for an
/// operator", "Text INFO for details") — the "for" form of [`purpose_imperative`]'s "Reply Y to
/// confirm". Nothing else may follow but that purpose: no finite verb.
pub fn keyword_for(text: &str) -> bool {
    let raw: Vec<&str> = text.split_whitespace().collect();
    let ws = words(text);
    let (Some(verb), Some(key), Some(prep)) = (ws.first(), raw.get(1), ws.get(2)) else {
        return false;
    };
    let key = key.trim_matches(|c: char| !c.is_alphanumeric());
    let keyword = !key.is_empty()
        && (key.chars().all(|c| c.is_ascii_uppercase()) || key.chars().all(|c| c.is_ascii_digit()));
    bare_verb_candidate(verb)
        && (!verb.ends_with('s') || verb.ends_with("ss"))
        && keyword
        && prep == "for"
        && ws.len() <= 6
        && !ws[3..].iter().any(|w| FINITE.contains(&w.as_str()))
}

/// The end of the part of a unit that states something, before an instruction set off by a
/// colon ("These are safe cleanup candidates: remove the checks from code first, then archive
/// the flags."): the colon's position, when the clause after it is an imperative.
pub fn before_instruction(text: &str) -> Option<usize> {
    let (head, tail) = text.split_once(": ")?;
    (!head.trim().is_empty() && head.contains(' ') && imperative_opening(tail))
        .then_some(head.len())
}

/// How many lines above a list item its lead-in line is looked for.
const MAX_LIST_LINES: usize = 30;

/// The type of a list item that names something the user is asked to supply ("Could you
/// please provide the details of your new address, including:\n1. The first line of the
/// address (e.g., street and number).\n2. The second line (if applicable, …)."): the item
/// describes what is asked for, it states nothing. That is an item (after a list marker) that
/// opens with a determiner or possessive and holds no digit and no label, under a lead-in line
/// that ends with a colon and is a question or an instruction asking the user to supply
/// something (a verb of supplying: "provide", "share", "send", "tell", "give", …). A read-back
/// for confirmation ("Please confirm:\n- Your refund goes to PayPal") states what it reads
/// back, so it stays an assertion.
pub fn requested_item(answer: &str, start: usize, end: usize) -> Option<ClaimType> {
    let is_marker = |p: &str| {
        let p = p.trim_matches('*');
        matches!(p, "-" | "*" | "•" | "+")
            || p.strip_suffix(['.', ')']).is_some_and(|d| {
                (1..=2).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit())
            })
    };
    let line_start = answer[..start].rfind('\n').map_or(0, |i| i + 1);
    if !is_marker(answer[line_start..start].trim()) {
        return None;
    }
    let item = answer[start..end].trim();
    let first = words(item).into_iter().next()?;
    if !DETERMINERS.contains(&first.as_str())
        || item.contains(|ch: char| ch.is_ascii_digit() || ch == ':')
    {
        return None;
    }
    let lead = answer[..line_start]
        .lines()
        .rev()
        .take(MAX_LIST_LINES)
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.split_once(' ').is_some_and(|(m, _)| is_marker(m)))?;
    let lead = lead.trim_end_matches('*').trim_end();
    let lead = lead.strip_suffix(':')?;
    // The lead-in's last sentence ("Got it! Could you please provide …, including").
    let last = lead
        .rsplit_terminator(['.', '!', '?'])
        .map(str::trim)
        .find(|s| !s.is_empty())?;
    // A request to supply something, not to confirm what the items read back.
    const SUPPLY: &[&str] = &[
        "provide",
        "share",
        "send",
        "tell",
        "give",
        "enter",
        "supply",
        "specify",
        "include",
        "including",
    ];
    if !words(last).iter().any(|w| SUPPLY.contains(&w.as_str())) {
        return None;
    }
    match classify(last) {
        t @ (ClaimType::Question | ClaimType::Instruction) => Some(t),
        _ => None,
    }
}
