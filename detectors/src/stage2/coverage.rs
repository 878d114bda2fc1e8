//! Content coverage (prose evidence): a claim's content words absent from the evidence
//! ([`uncovered_words`], [`merge_close`]), the stop lists and the crude [`stem`].

use super::evidence::Evidence;
use super::items::overlaps;
use crate::text::word_hash;

/// Content words of a claim and those absent from the evidence vocabulary.
pub(super) struct Coverage {
    pub(super) content: usize,
    /// Byte spans (in the answer) of the absent words.
    pub(super) missing: Vec<(usize, usize)>,
}

/// Function words, discourse words of assistant answers and generic verbs that carry no
/// checkable content.
pub(super) const COVERAGE_STOP: &[&str] = &[
    "the",
    "and",
    "for",
    "are",
    "but",
    "not",
    "you",
    "your",
    "yours",
    "all",
    "any",
    "can",
    "had",
    "has",
    "need",
    "needs",
    // Adverbial particles of phrasal verbs ("come back", "right away"); not "off", which
    // also makes compounds ("off-peak").
    "back",
    "away",
    "have",
    "having",
    "her",
    "hers",
    "his",
    "him",
    "its",
    "our",
    "ours",
    "out",
    "she",
    "they",
    "them",
    "their",
    "theirs",
    "this",
    "that",
    "these",
    "those",
    "with",
    "from",
    "into",
    "onto",
    "upon",
    "over",
    "under",
    "was",
    "were",
    "been",
    "being",
    "will",
    "would",
    "shall",
    "should",
    "could",
    "might",
    "must",
    "may",
    "did",
    "does",
    "doing",
    "done",
    "just",
    "also",
    "too",
    "very",
    "more",
    "most",
    "some",
    "such",
    "than",
    "then",
    "there",
    "here",
    "where",
    "when",
    "what",
    "which",
    "who",
    "whom",
    "whose",
    "why",
    "how",
    "about",
    "after",
    "before",
    "while",
    "during",
    "since",
    "until",
    "till",
    "past",
    "none",
    "because",
    "though",
    "although",
    "however",
    "therefore",
    "thus",
    "yet",
    "both",
    "each",
    "either",
    "neither",
    "every",
    "other",
    "another",
    "same",
    "own",
    "only",
    "still",
    "even",
    "well",
    "now",
    "currently",
    "per",
    "via",
    "let",
    "lets",
    "know",
    "please",
    "thanks",
    "thank",
    "sure",
    "okay",
    "yes",
    "one",
    "ones",
    "get",
    "got",
    "make",
    "made",
    "see",
    "seen",
    "look",
    "looks",
    "like",
    "want",
    "need",
    "help",
    "found",
    "find",
    "show",
    "shows",
    "showed",
    "according",
    "based",
    "appears",
    "seems",
    "there",
    "it's",
    "that's",
    "i'm",
    "i've",
    "you're",
    "we're",
    "don",
    "doesn",
    "didn",
    "isn",
    "aren",
    "wasn",
    "weren",
    "won",
    "can't",
    "cannot",
    "around",
    "approximately",
    "roughly",
    "nearly",
    "almost",
    "over",
    "least",
    "across",
    "within",
    "without",
    "against",
    "between",
    "among",
    "through",
    "throughout",
    "below",
    "above",
    "along",
    "whether",
    "either",
    "etc",
    "able",
    "many",
    "much",
    "few",
    "several",
    "lot",
    "lots",
    "new",
    "currently",
    "right",
    "also",
    "again",
    "already",
    "still",
    "soon",
    "today",
    "tomorrow",
    "yesterday",
    "information",
    "details",
    "detail",
    "result",
    "results",
    "following",
    "listed",
    "below",
    "above",
    "mentioned",
    "noted",
    "note",
    // Verbs of motion and quantity as generic as `get` and `make` ("hasn't gone to the
    // office yet", "31 days left", "not enough to …").
    "go",
    "goes",
    "going",
    "gone",
    "went",
    "come",
    "comes",
    "came",
    "left",
    "enough",
    "add",
    "adds",
    // Indefinite pronouns: they stand for someone or something the sentence names otherwise
    // ("Everyone needs to sign in at reception"). Not the negative ones: "Nobody else is
    // listed" says what the evidence lacks.
    "everyone",
    "everybody",
    "anyone",
    "anybody",
    "someone",
    "somebody",
    "everything",
    "anything",
    "something",
    // Subordinators and conjunctive adverbs: closed-class words that join or frame clauses
    // ("Once the flat is let out, …", "Further to my last message").
    "once",
    "unless",
    "whereas",
    "hence",
    "accordingly",
    "consequently",
    "further",
    "furthermore",
    "moreover",
    "additionally",
    "separately",
    "meanwhile",
    "otherwise",
    "likewise",
    "similarly",
];

/// Whether the word before `rest` is the stem of a negative contraction ("haven" of
/// "haven't", "wasn" of "wasn’t"): a function word.
pub(super) fn contraction_stem(rest: &str) -> bool {
    rest.strip_prefix(['\'', '’'])
        .is_some_and(|r| r.starts_with(['t', 'T']) && !r[1..].starts_with(char::is_alphanumeric))
}

/// Words of a reason that place a thing in the order of a tool's results ("as it was the first
/// desk with a monitor on the list"): ordinals and positions (a closed class) and the list
/// itself. They speak of the evidence's order, not of content it must hold.
const POSITION_WORDS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "last", "next", "previous", "earliest",
    "latest", "top", "list", "lists", "results",
];

/// The content words of an explanatory clause ("because someone else has a hold on it"): four
/// letters or more, no stop word, no discourse or function word of [`COVERAGE_STOP`] (the
/// indefinite "someone" included), no position word of [`POSITION_WORDS`], no stem of a
/// contraction; lower-cased.
pub(super) fn clause_content_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pos = 0;
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        let end = pos + w.len();
        pos = end + text[end..].chars().next().map_or(0, char::len_utf8);
        if w.len() < 4 || contraction_stem(&text[end..]) {
            continue;
        }
        let l = w.to_lowercase();
        if !STOPWORDS.contains(&l.as_str())
            && !COVERAGE_STOP.contains(&l.as_str())
            && !POSITION_WORDS.contains(&l.as_str())
        {
            out.push(l);
        }
    }
    out
}

/// Content words of `answer[cs..ce]` outside already-checked items, and those absent from the
/// evidence (matched by crude stem or by a shared 5-letter prefix for longer words).
pub(super) fn uncovered_words(
    ev: &Evidence,
    answer: &str,
    cs: usize,
    ce: usize,
    taken: &[(usize, usize)],
) -> Coverage {
    let mut cov = Coverage {
        content: 0,
        missing: Vec::new(),
    };
    let text = &answer[cs..ce];
    let mut pos = 0;
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        let (s, e) = (cs + pos, cs + pos + w.len());
        pos += w.len()
            + text[pos + w.len()..]
                .chars()
                .next()
                .map_or(0, char::len_utf8);
        let contraction = contraction_stem(&text[e - cs..]);
        // A count written as a word ("nine days × three lots") is a quantity, checked with
        // the numbers, not content a result must spell.
        if w.chars().count() < 3
            || contraction
            || w.chars().all(|c| c.is_ascii_digit())
            || super::numbers::number_word(w).is_some()
            || taken.iter().any(|t| overlaps(*t, (s, e)))
        {
            continue;
        }
        let l = w.to_lowercase();
        if COVERAGE_STOP.contains(&l.as_str())
            || super::direction::is_direction_word(&l)
            || enumerator(text, s - cs, e - cs)
            || attributive_verb(&l, &text[e - cs..])
        {
            continue;
        }
        cov.content += 1;
        let vocab = ev.vocab();
        // A weekday name is content, but a part of a date ("next Monday (Feb 23)") when the
        // evidence has dates — dates are checked on their own.
        // Abbreviated too ("Mon–Sat").
        let weekday = super::calc::WEEKDAYS
            .iter()
            .any(|d| *d == l || l.len() == 3 && d.starts_with(l.as_str()));
        let known = weekday && !ev.dates.is_empty()
            || vocab.words.contains(&word_hash(stem(&l)))
            // "dated" of "date", "priced" of "price": the stem lost the base's final "e".
            || l.ends_with("ed") && vocab.words.contains(&word_hash(&format!("{}e", stem(&l))))
            || l.char_indices()
                .nth(5)
                .is_some_and(|(i, _)| vocab.prefixes.contains(&word_hash(&l[..i])));
        if !known {
            cov.missing.push((s, e));
        }
    }
    cov
}

/// An enumerator inside a sentence: a roman numeral or a single letter in parentheses ("(iii)
/// Sendwave Nordic AB", "(b) the notice period"), as formal writing numbers its items.
fn enumerator(text: &str, s: usize, e: usize) -> bool {
    let w = &text[s..e];
    text[..s].ends_with('(')
        && text[e..].starts_with(')')
        && (w.len() == 1
            || w.chars()
                .all(|c| matches!(c, 'i' | 'v' | 'x' | 'I' | 'V' | 'X')))
}

/// Verbs that attribute a value to a record or a rule to a source rather than add content of
/// their own: a record "is recorded as", "listed as", "rated", "located in" its value (as
/// "is" would say it), a clause "provides", "requires", "permits", "states" what it says.
/// `rest` is the text after the word. Matched by [`stem`], so every inflection counts.
fn attributive_verb(word: &str, rest: &str) -> bool {
    // Reporting verbs: a source and what it says.
    const REPORTING: &[&str] = &[
        "state",
        "states",
        "stated",
        "say",
        "says",
        "said",
        "provide",
        "provides",
        "provided",
        "require",
        "requires",
        "required",
        "permit",
        "permits",
        "permitted",
        "specify",
        "specifies",
        "specified",
        "stipulate",
        "stipulates",
        "stipulated",
        "list",
        "lists",
        "listed",
        "show",
        "shows",
        "shown",
        "indicate",
        "indicates",
        "indicated",
        "mention",
        "mentions",
        "mentioned",
    ];
    // Participles linking a record to its value ("recorded as", "located in").
    const LINKING: &[&str] = &[
        "record",
        "recorded",
        "mark",
        "marked",
        "flag",
        "flagged",
        "log",
        "logged",
        "register",
        "registered",
        "classify",
        "classified",
        "rate",
        "rated",
        "locate",
        "located",
        "base",
        "based",
        "set",
    ];
    static STEMS: std::sync::OnceLock<(Vec<&'static str>, Vec<&'static str>)> =
        std::sync::OnceLock::new();
    let (reporting, linking) = STEMS.get_or_init(|| {
        (
            REPORTING.iter().map(|w| stem(w)).collect(),
            LINKING.iter().map(|w| stem(w)).collect(),
        )
    });
    let st = stem(word);
    if reporting.contains(&st) {
        return true;
    }
    let next = rest
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    linking.contains(&st) && matches!(next.as_str(), "as" | "in" | "at" | "to")
}

/// A claim that the evidence does *not* say something ("The lease doesn't mention any further
/// daily fees", "there's no mention of a pet fee", "There isn't a separate refuelling fee in
/// the agreement"): the byte range (in `text`) of the negated verb, and the end of what the
/// evidence is said to lack. What follows the verb is what the evidence lacks, so neither it nor the verb is content
/// the evidence must hold ([`mentioned_in_one_line`] checks it the other way).
pub(super) fn absence_claim(text: &str) -> Option<(usize, usize, usize)> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?:(?:does|do|did)(?:n['’]t| not)|never|nowhere)\s+(?:\w+\s+)?(?:mentions?|says?|lists?|includes?|specif(?:y|ies)|covers?|states?|shows?|contains?|refers? to|address(?:es)?)\b|\b(?:no|makes no) mention of\b",
        )
        .expect("static regex")
    });
    if let Some(m) = re.find(text) {
        return Some((m.start(), m.end(), text.len()));
    }
    // "There isn't a separate refuelling fee in the agreement": an existential negation about
    // a document.
    static THERE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    static IN_DOC: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let there = THERE.get_or_init(|| {
        regex::Regex::new(r"(?i)\bthere(?:\s+is|\s+are|['’]s)?\s*(?:n['’]t|\s+not|\s+no)\b")
            .expect("static regex")
    });
    let in_doc = IN_DOC.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?:in|under)\s+(?:the|your|this|that)\s+(?:\w+\s+)?(?:agreement|contract|lease|policy|terms|document|leaflet|article|manual|guide|handbook|schedule|notice|letter|statement|plan)\b",
        )
        .expect("static regex")
    });
    let m = there.find(text)?;
    let doc = in_doc.find(&text[m.end()..])?;
    Some((m.start(), m.end(), m.end() + doc.start()))
}

/// Whether every content word of `text` (at least one) occurs in one line of one evidence
/// document: the evidence does say what an [`absence_claim`] says it lacks.
pub(super) fn mentioned_in_one_line(ev: &Evidence, text: &str) -> bool {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .filter(|w| {
            let indefinite = matches!(
                w.as_str(),
                "anything" | "something" | "everything" | "about" | "regarding" | "such"
            );
            !indefinite && !COVERAGE_STOP.contains(&w.as_str()) && !STOPWORDS.contains(&w.as_str())
        })
        .map(|w| stem(&w).to_owned())
        .collect();
    !words.is_empty()
        && ev.lower.iter().any(|doc| {
            doc.split(['\n', '.'])
                .any(|line| words.iter().all(|w| line.contains(w.as_str())))
        })
}

/// Merge word spans separated only by spaces or one short word into phrases.
pub(super) fn merge_close(answer: &str, spans: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &(s, e) in spans {
        if let Some(last) = out.last_mut() {
            let gap = &answer[last.1..s];
            if gap.split_whitespace().count() <= 1 && !gap.contains(['.', ',', ';', ':']) {
                last.1 = e;
                continue;
            }
        }
        out.push((s, e));
    }
    out
}

pub(super) const STOPWORDS: &[&str] = &[
    "this",
    "that",
    "with",
    "from",
    "have",
    "will",
    "were",
    "been",
    "your",
    "their",
    "there",
    "which",
    "about",
    "into",
    "than",
    "then",
    "them",
    "they",
    "also",
    "some",
    "more",
    "most",
    "only",
    "just",
    "over",
    "under",
    "after",
    "before",
    "while",
    "would",
    "could",
    "should",
    "because",
    "mainly",
    "largely",
    "driven",
    "caused",
    "thanks",
    "owing",
    "result",
    "requested",
    "primarily",
    "mostly",
    "other",
];

/// Crude stem: drop common suffixes so "arriving" finds "arrive".
pub(super) fn stem(w: &str) -> &str {
    for suf in ["ing", "ed", "es", "s", "e"] {
        if w.len() > suf.len() + 3 && w.ends_with(suf) {
            return &w[..w.len() - suf.len()];
        }
    }
    w
}

#[cfg(test)]
mod tests {

    #[test]
    fn counts_in_words_weekday_abbreviations_and_precautions_carry_no_content() {
        use crate::stage2::test_support::all_supported;
        let ev = r#"{"days":9,"lots":3,"total":202.5,"hours":"Mon-Sat 10:00-16:00","opened":"2026-07-01"}"#;
        assert!(all_supported(
            ev,
            "Storage for nine days × three lots = $202.50."
        ));
        assert!(all_supported(ev, "Hours: Mon–Sat, 10 AM–4 PM."));
        assert!(all_supported(
            ev,
            "Opened 2026-07-01 — counting from then to be safe."
        ));
    }
    use crate::report::ClaimStatus;
    use crate::stage2::test_support::{all_supported, score};

    #[test]
    fn what_a_claim_says_the_evidence_lacks() {
        let lease = "RESIDENTIAL LEASE\n2. RENT. 2.1 Rent is $2,395.00 due on the 1st. 2.2 A late fee of $75 applies after the 5th.\n7. PETS. 7.1 No pets without a signed addendum.";
        let verdict = |a: &str| {
            let c = crate::stage2::test_support::score(lease, a);
            c.iter().map(|c| c.status).collect::<Vec<_>>()
        };
        use crate::report::ClaimStatus::*;
        assert_eq!(
            verdict("The lease doesn't mention any further daily fees."),
            vec![Supported]
        );
        assert_eq!(
            verdict("A late fee of $75 applies after the 5th (section 2.2), if you want the exact wording handy."),
            vec![Supported]
        );
        assert_eq!(
            verdict("There's no mention of a parking charge in the lease."),
            vec![Supported]
        );
        assert_eq!(
            verdict("There isn't a separate parking charge in the lease."),
            vec![Supported]
        );
        assert_eq!(
            verdict("There isn't a late fee in the lease."),
            vec![Contradicted]
        );
        assert_eq!(
            verdict("The lease doesn't mention a late fee."),
            vec![Contradicted]
        );
        assert_eq!(
            verdict("The lease doesn't say anything about a signed addendum for pets."),
            vec![Contradicted]
        );
    }

    #[test]
    fn the_content_words_of_an_explanation() {
        assert_eq!(
            super::clause_content_words("because the full amount wasn't in by then"),
            ["full", "amount"]
        );
        assert_eq!(
            super::clause_content_words("because someone else has a hold on it"),
            ["else", "hold"]
        );
        let ev = r#"{"loans":[{"title":"Quiet Engines","due_date":"2026-06-11","renewable":false,"holds_waiting":1}]}"#;
        assert!(super::super::test_support::all_supported(
            ev,
            "*Quiet Engines* can't be renewed because someone else has a hold on it."
        ));
        assert!(!super::super::test_support::all_supported(
            ev,
            "*Quiet Engines* can't be renewed because the branch is closing for renovation."
        ));
    }

    #[test]
    fn prose_evidence_content_coverage() {
        let ev = "The Oberoi Group is a hotel company with its head office in Delhi. It runs thirty hotels in seven countries.";
        let ok = score(ev, "The Oberoi Group has its head office in Delhi.");
        assert!(
            ok.iter().all(|c| c.status == ClaimStatus::Supported),
            "{ok:?}"
        );
        // A claim with nothing checkable cites its best passage (BM25).
        let cited = score(ev, "It operates thirty hotels across seven countries.");
        assert_eq!(cited[0].status, ClaimStatus::Supported);
        assert!(
            cited[0]
                .evidence_spans
                .first()
                .is_some_and(|e| e.text.contains("thirty hotels") && e.tool_call_id == "call_1"),
            "{cited:?}"
        );
        let bad = score(
            ev,
            "The Oberoi Group is famous for its luxury spas and private airline.",
        );
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].status, ClaimStatus::Unsupported, "{bad:?}");
        let words: Vec<&str> = bad[0]
            .flagged_spans
            .iter()
            .map(|f| f.text.as_str())
            .collect();
        assert!(
            words.iter().any(|w| w.contains("spas")) && words.iter().any(|w| w.contains("airline")),
            "{words:?}"
        );
        // "dated" is the evidence's "date" (the stem lost the final "e"); "till" is "until".
        let terms = "1.2 Compressors are covered for 10 years from the invoice date. Gas charging is chargeable.";
        assert!(all_supported(
            terms,
            "Compressors are covered for 10 years, till the invoice dated ten years back."
        ));
        // JSON evidence: answers verbalize fields, so coverage does not apply.
        let json = r#"{"group":"Oberoi","head_office":"Delhi"}"#;
        assert!(all_supported(
            json,
            "The Oberoi Group keeps its headquarters in Delhi."
        ));
    }
}
