//! What kind of statement a unit of the answer is, and which part of it is a label.
//!
//! Only statements that assert something about the world can be grounded: factual assertions
//! ("Your order #W123 was delivered on May 3") and reports of the agent's own actions ("I've
//! cancelled the order"). Real agent output is full of other units — offers and intents ("I'll
//! proceed once you confirm"), questions, instructions to the user ("Please provide your zip
//! code"), social phrases ("Understood.", "I'm glad I could help") — that are not claims about
//! the evidence, and scoring them makes a monitor cry wolf.
//!
//! The classification is grammatical, from closed-class words only (pronouns, modal and
//! auxiliary verbs, subordinators, politeness markers), never from domain vocabulary:
//! - **question**: ends with `?`;
//! - **instruction**: a request to the user (`please …`, `kindly …`, `let me know …`, `could
//!   you …`, `feel free …`);
//! - **intent or offer**: a first-person subject with a modal or future (`I'll`, `I can`, `we
//!   would`, `let me`, `I'm going to`), or a conditional clause (`if …`, `once …`, `when …`)
//!   whose main clause is future or modal;
//! - **intent or offer** too: a future or modal statement whose object is the agent (`this will
//!   help me …`);
//! - **action report**: a first-person subject with a past or perfect verb (`I've cancelled`,
//!   `I found`, `I couldn't find`, `I was unable to`), hedges (`it seems`, `it looks like`)
//!   skipped;
//! - **social**: a first-person statement about the agent itself (`I'm glad`, `I'm sorry`, `I
//!   have your details`),
//!   or a unit of at most three words without a digit (`Understood.`, `Thank you!`);
//! - everything else is a **factual assertion**.
//!
//! Only assertions and action reports are scored by Stage 2.

pub use crate::report::ClaimType;

const FIRST_PERSON: &[&str] = &["i", "we"];
const MODALS: &[&str] = &[
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
const SUBORDINATORS: &[&str] = &[
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
const HEDGES: &[&str] = &[
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
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "your", "my", "our", "their", "his", "her", "its", "this", "that", "these",
    "those", "some", "all", "no", "any", "both", "each", "every",
];
/// Irregular past forms (English grammar, not domain words).
const IRREGULAR_PAST: &[&str] = &[
    "found", "sent", "made", "got", "put", "took", "gave", "saw", "did", "set", "left", "kept",
    "paid", "told", "brought", "bought", "held", "ran", "went", "wrote", "chose", "began", "spoke",
    "heard", "read", "built", "met", "sold", "led", "won", "lost",
];

/// Lower-cased words of `text` with apostrophes normalized and Markdown stripped; clitics are
/// split off (`i'll` → `i`, `'ll`; `couldn't` → `could`, `n't`).
fn words(text: &str) -> Vec<String> {
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

fn starts_with_phrase(ws: &[String], phrase: &str) -> bool {
    let p: Vec<&str> = phrase.split(' ').collect();
    ws.len() >= p.len() && ws.iter().zip(&p).all(|(a, b)| a == b)
}

fn is_modal(ws: &[String], i: usize) -> bool {
    let Some(w) = ws.get(i) else { return false };
    MODALS.iter().any(|m| match m.split_once(' ') {
        Some((a, b)) => w == a && ws.get(i + 1).is_some_and(|n| n == b),
        None => w == m,
    })
}

/// Past or perfect verb at `i` (after a first-person subject).
fn is_past_or_perfect(ws: &[String], i: usize) -> bool {
    let Some(w) = ws.get(i) else { return false };
    matches!(w.as_str(), "have" | "'ve" | "had" | "has" | "was" | "were")
        || (w.ends_with("ed") && w.len() > 3)
        || IRREGULAR_PAST.contains(&w.as_str())
        // "I couldn't find", "I could not": a report of a failed attempt.
        || (w == "could" && ws.get(i + 1).is_some_and(|n| n == "n't" || n == "not"))
}

/// The clause after a lead-in of at most eight words without a digit, set off by a dash or a
/// colon (or of at most two words, by a comma), when that clause opens with the agent as its
/// subject.
fn lead_in(t: &str) -> Option<&str> {
    let (at, sep) = t
        .char_indices()
        .find(|&(_, c)| matches!(c, '—' | '–' | ':' | ','))?;
    let head = &t[..at];
    let rest = t[at + sep.len_utf8()..].trim_start();
    let head_words = head.split_whitespace().count();
    let most = if sep == ',' { 2 } else { 8 };
    let first = words(rest);
    let agent = first
        .first()
        .is_some_and(|w| FIRST_PERSON.contains(&w.as_str()));
    (head_words >= 1
        && head_words <= most
        && !head.contains(|c: char| c.is_ascii_digit())
        && agent
        && words(head).first().is_none_or(|w| {
            !FIRST_PERSON.contains(&w.as_str()) && !SUBORDINATORS.contains(&w.as_str())
        }))
    .then_some(rest)
}

/// Words that open a prepositional lead-in ("as" of "As discussed above", "further" of
/// "Further to").
const LEAD_PREPOSITIONS: &[&str] = &[
    "as",
    "with",
    "in",
    "on",
    "regarding",
    "concerning",
    "per",
    "following",
    "further",
    "pursuant",
];

/// The clause after a comma that ends a lead-in of at most eight words without a digit
/// opening with a preposition ([`LEAD_PREPOSITIONS`]; "further" only as "further to").
fn prepositional_lead(t: &str) -> Option<&str> {
    let at = t.find(',')?;
    let head = words(&t[..at]);
    let rest = t[at + 1..].trim_start();
    let opens = head.first().is_some_and(|w| {
        LEAD_PREPOSITIONS.contains(&w.as_str())
            && (w != "further" || head.get(1).is_some_and(|n| n == "to"))
    });
    (opens
        && head.len() <= 8
        && !t[..at].contains(|c: char| c.is_ascii_digit())
        && !rest.is_empty())
    .then_some(rest)
}

/// Words of a letter's closing ("Warm regards,", "Thanks & Regards,", "Yours faithfully,").
const VALEDICTIONS: &[&str] = &[
    "regards",
    "sincerely",
    "faithfully",
    "truly",
    "cheers",
    "warmly",
    "best",
    "thanks",
    "yours",
];

/// Where the signature of a letter-style answer starts: a closing line of at most four words
/// ending with a comma ("Warm regards,", "Thanks & Regards,") followed only by one to four
/// short lines without digits ("Meera", "Member Services, Sahyadri Dairy"). The sender's name
/// and team are no claims about the evidence. Byte offset of the closing line in `answer`.
pub fn signature_start(answer: &str) -> Option<usize> {
    let trimmed = answer.trim_end();
    let mut after = 0usize;
    let mut end = trimmed.len();
    loop {
        let start = trimmed[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = trimmed[start..end].trim();
        if !line.is_empty() {
            let closing = line.ends_with(',')
                && line.split_whitespace().count() <= 4
                && words(line)
                    .iter()
                    .any(|w| VALEDICTIONS.contains(&w.as_str()));
            if closing {
                return (after >= 1).then_some(start);
            }
            let short = line.split_whitespace().count() <= 6
                && !line.contains(|c: char| c.is_ascii_digit())
                && !line.ends_with(['.', '?', '!', ':']);
            if !short || after >= 4 {
                return None;
            }
            after += 1;
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
}

/// Classify one unit of the answer.
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
    DET.contains(&second.as_str())
        && f.len() >= 3
        && f.chars().all(|c| c.is_ascii_alphabetic())
        && !NOT_VERBS_BEFORE_DETERMINER.contains(&f)
        && !DETERMINERS.contains(&f)
        && !FIRST_PERSON.contains(&f)
        && !MODALS.contains(&f)
        && !SUBORDINATORS.contains(&f)
        && !IRREGULAR_PAST.contains(&f)
        && !["you", "they", "he", "she", "it", "there", "please"].contains(&f)
        && !f.ends_with("ed")
        && !f.ends_with('s')
        && !f.ends_with("ly")
        && !f.ends_with("ing")
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

pub fn classify(text: &str) -> ClaimType {
    let t = text.trim();
    if t.ends_with('?') {
        return ClaimType::Question;
    }
    let mut ws = words(t);
    if ws.is_empty() {
        return ClaimType::Social;
    }
    // A short lead-in before the agent speaks of itself ("Right then — I've checked …",
    // "Following on from my last message: I've checked …", "Good news, we've …"): the
    // first-person clause after it is the statement.
    if let Some(rest) = lead_in(t) {
        return classify(rest);
    }
    // Hedges, interjections and a sentence adverb with its comma ("Alternatively, …",
    // "Unfortunately, …") do not change what the statement is.
    let first_comma_word = t
        .split_once(',')
        .map(|(head, _)| head.trim())
        .filter(|h| !h.contains(' ') && h.to_lowercase().ends_with("ly"));
    if first_comma_word.is_some() && ws.len() > 1 {
        ws.remove(0);
    }
    while let Some(h) = HEDGES.iter().find(|h| starts_with_phrase(&ws, h)) {
        let n = h.split(' ').count();
        if ws.len() <= n {
            break;
        }
        ws.drain(..n);
    }
    // A negative imperative ("Don't double up to make up for it", "Do not store it in the
    // car"), or an emphatic one ("Do let us know if …", "Do carry the receipt"; not a
    // question, so "do" has no subject after it): advice to the user.
    if ws[0] == "do"
        && ws.get(1).is_some_and(|w| {
            w == "n't"
                || w == "not"
                || !(DETERMINERS.contains(&w.as_str())
                    || matches!(
                        w.as_str(),
                        "you" | "i" | "we" | "they" | "it" | "he" | "she" | "so" | "that"
                    ))
        })
        || ws[0] == "never"
    {
        return ClaimType::Instruction;
    }
    // A prepositional lead-in set off by a comma ("As discussed above, please find …",
    // "Further to my last message, I have checked …", "With reference to your complaint,
    // we have …"): it has no verb of its own, so the clause after it decides.
    if let Some(rest) = prepositional_lead(t) {
        let inner = classify(rest);
        if inner != ClaimType::Assertion {
            return inner;
        }
    }
    if ["please", "kindly"]
        .iter()
        .any(|p| ws.iter().take(3).any(|w| w == p))
        || starts_with_phrase(&ws, "let me know")
        || starts_with_phrase(&ws, "feel free")
        || ["could you", "can you", "would you", "will you"]
            .iter()
            .any(|p| starts_with_phrase(&ws, p))
    {
        return ClaimType::Instruction;
    }
    // Conversational closers and lead-ins: "Hope this clears things up!", "Happy to help
    // with anything else.", "Just say the word …", "Here's a quick rundown." (a short
    // presentational sentence without a number).
    let has_digit = t.chars().any(|c| c.is_ascii_digit());
    if [
        "hope",
        "greetings",
        "happy to",
        "glad to",
        "just say",
        "just ask",
        "just let",
        "just reply",
    ]
    .iter()
    .any(|p| starts_with_phrase(&ws, p))
        || (starts_with_phrase(&ws, "here 's")
            || starts_with_phrase(&ws, "here is")
            || starts_with_phrase(&ws, "here are"))
            && ws.len() <= 6
            && !has_digit
    {
        return ClaimType::Social;
    }
    // A subjectless participle phrase resuming the conversation ("Picking up where we left
    // off.", "Following up on my last message."): it opens with an -ing verb, refers to the
    // agent or the conversation ("we", "my", "our"), and names nothing (no digit, no capital
    // after the first word) — a discourse marker, not a fact.
    let conversation = ws
        .iter()
        .any(|w| matches!(w.as_str(), "we" | "i" | "my" | "our" | "us" | "me"));
    let names_nothing = t
        .split_whitespace()
        .skip(1)
        .all(|w| !w.starts_with(|c: char| c.is_uppercase()));
    if ws[0].len() > 4
        && ws[0].ends_with("ing")
        && ws.len() <= 10
        && conversation
        && names_nothing
        && !has_digit
        && !FIRST_PERSON.contains(&ws[0].as_str())
    {
        return ClaimType::Social;
    }
    // An imperative addressed to the agent ("Ping me if a number looks off", "Tell us when
    // it arrives"): the user is asked to act.
    if ws.len() >= 3
        && matches!(ws[1].as_str(), "me" | "us")
        && ws[2..]
            .iter()
            .any(|w| matches!(w.as_str(), "if" | "when" | "once"))
        && !FIRST_PERSON.contains(&ws[0].as_str())
        && !has_digit
    {
        return ClaimType::Instruction;
    }
    // A bare imperative with its condition ("Shout if anything's unclear", "Ask when you're
    // ready"): a verb in its base form (no plural "Refunds if …"), then "if"/"when"/"once" and
    // a pronoun — no subject, so the user is asked to act.
    if ws.len() >= 3
        && ws.len() <= 8
        && matches!(ws[1].as_str(), "if" | "when" | "once" | "whenever")
        && matches!(
            ws[2].as_str(),
            "you" | "anything" | "anyone" | "something" | "there" | "it"
        )
        && !matches!(
            ws[0].as_str(),
            "even" | "only" | "especially" | "and" | "but" | "or" | "so" | "just" | "that"
        )
        && !FIRST_PERSON.contains(&ws[0].as_str())
        && !DETERMINERS.contains(&ws[0].as_str())
        && !ws[0].ends_with('s')
        && !has_digit
        && t.starts_with(|c: char| c.is_uppercase())
    {
        return ClaimType::Instruction;
    }
    // A main clause conditioned on the user's wish ("Say the word if you want this exported",
    // "I can re-run it if you'd like"): an offer.
    let wish = ws.windows(3).any(|w| {
        w[0] == "if"
            && w[1] == "you"
            && matches!(
                w[2].as_str(),
                "want" | "need" | "prefer" | "wish" | "'d" | "would"
            )
    });
    // Only an imperative main clause: "Your account's `tariff_path` points to …, if you want
    // the full text" states a fact before its offer.
    let subject = DETERMINERS.contains(&ws[0].as_str())
        || matches!(
            ws[0].as_str(),
            "you" | "it" | "there" | "they" | "he" | "she" | "i" | "we" | "what" | "which"
        );
    if wish && !has_digit && !subject && !t.contains('`') {
        return ClaimType::IntentOrOffer;
    }
    if starts_with_phrase(&ws, "let me")
        || starts_with_phrase(&ws, "let 's")
        || starts_with_phrase(&ws, "let us")
        || starts_with_phrase(&ws, "allow me")
        || starts_with_phrase(&ws, "shall i")
        || starts_with_phrase(&ws, "shall we")
    {
        return ClaimType::IntentOrOffer;
    }
    // A leading subordinate clause: the main clause decides; a conditional with a future or
    // modal main clause is a promise, not a fact.
    if let Some(sub) = SUBORDINATORS.iter().find(|s| starts_with_phrase(&ws, s)) {
        let has_modal = (0..ws.len()).any(|i| is_modal(&ws, i));
        if has_modal && *sub != "while" {
            return ClaimType::IntentOrOffer;
        }
        if let Some(comma) = t.find(',') {
            let main = &t[comma + 1..];
            if !main.trim().is_empty() {
                let inner = classify(main);
                if inner != ClaimType::Assertion {
                    return inner;
                }
            }
        }
    }
    // Advice or a promise to the user ("you can share your zip code", "you'll receive an
    // email shortly", "you may need to contact …"): about what the user may do next. With a
    // number or code in it ("you'll get $236.00 back") it is checkable and stays a claim.
    if ws[0] == "you" && is_modal(&ws, 1) && !has_digit {
        return ClaimType::Instruction;
    }
    // A future or modal statement whose object is the agent ("This will help me find your
    // account", "That would let us rebook you"): the agent's plan, not a fact.
    if let Some(m) = (1..ws.len().min(4)).find(|&i| is_modal(&ws, i)) {
        if !has_digit && ws[m + 1..].iter().any(|w| w == "me" || w == "us") {
            return ClaimType::IntentOrOffer;
        }
    }
    if FIRST_PERSON.contains(&ws[0].as_str()) {
        // Skip adverbs between subject and verb ("I have successfully", "I just", "I also").
        let mut i = 1;
        while ws.get(i).is_some_and(|w| {
            w.ends_with("ly")
                || matches!(
                    w.as_str(),
                    "just" | "also" | "already" | "now" | "then" | "still"
                )
        }) {
            i += 1;
        }
        if is_modal(&ws, i) && !ws.get(i + 1).is_some_and(|n| n == "n't" || n == "not") {
            return ClaimType::IntentOrOffer;
        }
        if ws
            .get(i)
            .is_some_and(|w| w == "'m" || w == "am" || w == "are" || w == "'re")
        {
            // "I'm unable to find …" reports a failed action; "I'm glad / sorry / here to help"
            // is about the agent itself.
            let next = ws.get(i + 1).map(String::as_str);
            return match next {
                Some("unable" | "not") => ClaimType::ActionReport,
                Some("going") => ClaimType::IntentOrOffer,
                _ => ClaimType::Social,
            };
        }
        // "I have your details", "we have a record of it": `have` with an object, not a
        // perfect tense — the agent's own state.
        if ws.get(i).is_some_and(|w| w == "have" || w == "'ve")
            && ws
                .get(i + 1)
                .is_some_and(|n| DETERMINERS.contains(&n.as_str()))
        {
            return ClaimType::Social;
        }
        if is_past_or_perfect(&ws, i) || is_modal(&ws, i) {
            return ClaimType::ActionReport;
        }
        // "I recommend …", "I apologize …", "I understand …": the agent's own stance. A
        // that-clause after it ("I see that your order shipped") is the claim.
        if let Some(that) = ws.iter().position(|w| w == "that") {
            if that <= i + 1 {
                let rest = t.to_lowercase();
                if let Some(p) = rest.find(" that ") {
                    return classify(&t[p + 6..]);
                }
            }
        }
        return ClaimType::Social;
    }
    // A short fragment is talk ("Sounds good"); a labeled value ("**Owner:** Monica Reyes")
    // states the value.
    if ws.len() <= 3 && !has_digit && !t.ends_with(':') && label_span(t).is_none() {
        return ClaimType::Social;
    }
    ClaimType::Assertion
}

/// The byte range of a leading label in a unit — a Markdown heading, a bold span at its
/// start, or a short `Label:` prefix ("**Current Item**:", "Total:", "Order ID:") — whose
/// words name what follows rather than state a fact about it. Offsets are relative to `text`.
pub fn label_span(text: &str) -> Option<(usize, usize)> {
    let t = text;
    // An opening parenthesis goes with the label it opens: "(Source: `policies/…`)".
    let lead = t.len() - t.trim_start_matches(['#', '>', ' ', '(']).len();
    let body = &t[lead..];
    if lead > 0 && t.starts_with('#') {
        // A heading: the whole unit names a section.
        return Some((0, t.len()));
    }
    // A bold span at the start: "**Current Item**: …", "**Skateboard** (…)".
    for marker in ["**", "__"] {
        if let Some(rest) = body.strip_prefix(marker) {
            if let Some(close) = rest.find(marker) {
                let end = lead + marker.len() + close + marker.len();
                let after = &t[end..];
                let end = if after.starts_with(':') { end + 1 } else { end };
                return Some((0, end));
            }
        }
    }
    // "Label: value" — a short prefix before a colon that is not part of a time ("4:30").
    let colon = body.find(':')?;
    let label = &body[..colon];
    let next = body[colon + 1..].chars().next();
    let words = label.split_whitespace().count();
    if (1..=5).contains(&words)
        && !label.ends_with(|c: char| c.is_ascii_digit())
        && next.is_none_or(|c| c.is_whitespace() || c == '*')
        && label
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c == '*')
    {
        return Some((0, lead + colon + 1));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use ClaimType::*;

    #[test]
    fn types_of_agent_sentences() {
        let cases = [
            ("Your order #W123 was delivered on May 3.", Assertion),
            ("The total is $54.20.", Assertion),
            ("**Owner:** Monica Reyes", Assertion),
            ("Sounds good!", Social),
            (
                "Right then — I've checked the Leith house rules for you.",
                ActionReport,
            ),
            (
                "Following on from my last message: I've checked the rules.",
                ActionReport,
            ),
            ("Good news, we've moved your booking.", ActionReport),
            ("Picking up where we left off.", Social),
            ("So I took the next opening, two hours later.", ActionReport),
            ("And I'll send the receipt.", IntentOrOffer),
            ("So the total is $54.20.", Assertion),
            // Emphatic imperatives; a prepositional lead-in leaves the type to its main
            // clause.
            ("Do let us know if anything else is required.", Instruction),
            ("Do you still have the invoice from March.", Assertion),
            ("As discussed above, please find the details.", Instruction),
            (
                "Further to my last message, I have checked the same.",
                ActionReport,
            ),
            ("As per the policy, refunds take 7 days.", Assertion),
            ("Further, the refund takes 7 days.", Assertion),
            ("Please note the reference number.", Instruction),
            ("Following up on my last message.", Social),
            ("Shipping to our warehouse in Leeds.", Assertion),
            ("Pending since we spoke on 3 May.", Assertion),
            ("Your plan: Flex 20 at £219.00.", Assertion),
            ("Shout if anything's unclear.", Instruction),
            ("Ask if you need the full text.", Instruction),
            ("Molina if that applies.", Assertion),
            ("Refunds if it arrives damaged are free.", Assertion),
            ("I've cancelled the order.", ActionReport),
            (
                "I have successfully authenticated your identity.",
                ActionReport,
            ),
            (
                "It seems I couldn't find a user with that email address.",
                ActionReport,
            ),
            (
                "I'll proceed with the return once you confirm.",
                IntentOrOffer,
            ),
            (
                "Once confirmed, I'll proceed with the return request.",
                IntentOrOffer,
            ),
            (
                "If yes, I’ll proceed with the exchange request.",
                IntentOrOffer,
            ),
            (
                "Once the return is processed, the new item will be shipped to you.",
                IntentOrOffer,
            ),
            ("I can look up your recent orders for you.", IntentOrOffer),
            ("Please provide your address (line 1, line 2).", Instruction),
            ("Let me know which option you prefer!", Instruction),
            ("Ping me if a number looks off.", Instruction),
            ("Tell us when the parcel arrives.", Instruction),
            ("Say the word if you want this exported.", IntentOrOffer),
            ("Happy to re-run it for another date if you'd like.", Social),
            ("The late fee applies if you pay after 6 days.", Assertion),
            (
                "Your account's `tariff_path` points to `tariffs/E-TOU-C.md`, if you want the full text.",
                Assertion,
            ),
            ("Gate access is suspended if you want to enter after 22:00.", Assertion),
            (
                "Either way, don't double up to make up for it (3.2).",
                Instruction,
            ),
            ("Do not store it above 25°C.", Instruction),
            ("Either way, the refund is $25.97.", Assertion),
            ("Could you confirm the order number?", Question),
            ("Which item would you like to return?", Question),
            ("Understood.", Social),
            ("Let’s try another way.", IntentOrOffer),
            ("Thank you!", Social),
            (
                "While I can't replace human connection, I'm glad I could help you today.",
                Social,
            ),
            ("I'm sorry for the inconvenience.", Social),
            ("I'm unable to find that order.", ActionReport),
            ("Flight BA1499 is delayed by 1 hour 20 minutes.", Assertion),
            (
                "Alternatively, you can share your first name, last name, and zip code.",
                Instruction,
            ),
            (
                "Alternatively, I can cancel the entire order for you.",
                IntentOrOffer,
            ),
            (
                "To assist you, I first need to authenticate your identity.",
                IntentOrOffer,
            ),
            (
                "I recommend contacting a human agent to investigate this further.",
                Social,
            ),
            (
                "You will receive an email shortly with instructions.",
                Instruction,
            ),
            (
                "You'd get $236.00 back to your original payment method.",
                Assertion,
            ),
            ("I see that your order was delivered on May 3.", Assertion),
            ("Unfortunately, the order was cancelled.", Assertion),
            ("I have your details.", Social),
            ("I have updated your address.", ActionReport),
            ("This will help me find your account.", IntentOrOffer),
            ("That would let us rebook you tonight.", IntentOrOffer),
            (
                "Your refund will be issued to the original card.",
                Assertion,
            ),
        ];
        for (text, want) in cases {
            assert_eq!(classify(text), want, "{text}");
        }
    }

    #[test]
    fn signatures_of_letter_style_answers() {
        let a = "Your bill is Rs. 3,140.\n\nWarm regards,\nMember Services, Sahyadri Dairy";
        assert_eq!(signature_start(a), a.find("Warm"));
        let a = "Paid.\n\nThanks & Regards,\nMeera\nTeam CoolBreeze Care\n";
        assert_eq!(signature_start(a), a.find("Thanks"));
        // A closing with nothing after it, or facts after a closing-like line: no signature.
        assert_eq!(signature_start("Paid.\n\nRegards,"), None);
        assert_eq!(
            signature_start("Best regards,\nYour refund of $40 was issued on 3 May."),
            None
        );
        assert_eq!(signature_start("The total is $54.20."), None);
        assert_eq!(
            classify("Greetings from Sahyadri Dairy!"),
            ClaimType::Social
        );
    }

    #[test]
    fn imperatives_after_a_colon() {
        assert!(imperative_opening(
            "remove the checks from code first, then archive the flags."
        ));
        assert!(imperative_opening("Check your settings."));
        // Reports, statements and prepositions before a determiner are no imperatives.
        for t in [
            "Cancelled the order.",
            "Includes the fee.",
            "Inside the freeze window.",
            "Sent the receipt.",
            "All the runs passed.",
            "Currently the build is red.",
            "Running the suite took 4 minutes.",
        ] {
            assert!(!imperative_opening(t), "{t}");
        }
        let unit = "These are safe cleanup candidates: remove the checks from code first, then archive the flags.";
        assert_eq!(before_instruction(unit), Some(33));
        assert_eq!(before_instruction("Status: the build passed."), None);
        assert_eq!(before_instruction("Note: restart the agent."), None);
    }

    #[test]
    fn items_the_user_is_asked_to_supply() {
        let ask = "Got it! Could you please provide the full details of your new address, including:\n\n1. The first line of the address (e.g., street name and number).\n2. The second line (if applicable, like an apartment or suite number).\n3. The city (which I assume is Phoenix).\n\nOnce I have them, I'll update it.";
        let at = |needle: &str| {
            let s = ask.find(needle).unwrap();
            (s, s + needle.len())
        };
        let (s, e) = at("The second line (if applicable, like an apartment or suite number).");
        assert_eq!(requested_item(ask, s, e), Some(ClaimType::Instruction));
        let (s, e) = at("The city (which I assume is Phoenix).");
        assert_eq!(requested_item(ask, s, e), Some(ClaimType::Instruction));
        // A read-back for confirmation states values: still assertions.
        let confirm = "Please confirm the following:\n- New address: 12 Elm St, Phoenix\n- Your refund goes to PayPal\n- The order is #W1234567";
        let s = confirm.find("New address").unwrap();
        assert_eq!(requested_item(confirm, s, s + 31), None);
        let s = confirm.find("The order").unwrap();
        assert_eq!(requested_item(confirm, s, confirm.len()), None);
        let s = confirm.find("Your refund").unwrap();
        assert_eq!(requested_item(confirm, s, s + 27), None);
        // Under a lead-in that states something, an item is what it says.
        let found = "Here is what I found:\n- The second line is empty.";
        let s = found.find("The second").unwrap();
        assert_eq!(requested_item(found, s, found.len()), None);
        // Not a list item.
        let s = ask.find("Once I have").unwrap();
        assert_eq!(requested_item(ask, s, ask.len()), None);
    }

    #[test]
    fn labels() {
        let t = "**Current Item**: Desk Lamp (White) - $137.94";
        let (s, e) = label_span(t).unwrap();
        assert_eq!(&t[s..e], "**Current Item**:");
        let t = "Current Item: Pet Bed (large) - $195.11";
        assert_eq!(&t[..label_span(t).unwrap().1], "Current Item:");
        assert_eq!(label_span("It departs at 4:30 PM."), None);
        assert_eq!(
            label_span("Note that the order is pending: it ships soon."),
            None
        );
        assert_eq!(label_span("### Order details"), Some((0, 17)));
    }
}
