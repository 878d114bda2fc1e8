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

mod instructions;
mod leads;
mod letters;
mod lexicon;

pub use crate::report::ClaimType;
pub use instructions::{before_instruction, imperative_opening, requested_item};
pub use letters::signature_start;

use leads::{lead_in, prepositional_lead};
use lexicon::{
    is_modal, is_past_or_perfect, starts_with_phrase, words, DETERMINERS, FIRST_PERSON, HEDGES,
    SUBORDINATORS,
};

/// The byte length of the status symbols, arrows and bullets that open a chat line ("✅ ",
/// "⚠️ ", "📌 ", "→ ", "• "; [`crate::text::is_line_symbol`]), with the spaces after them. They
/// mark the line, as a list marker does, and say nothing of what kind of statement follows.
pub fn symbol_lead(text: &str) -> usize {
    let rest =
        text.trim_start_matches(|c: char| c.is_whitespace() || crate::text::is_line_symbol(c));
    text.len() - rest.len()
}

/// Classify one unit of the answer.
pub fn classify(text: &str) -> ClaimType {
    let t = text.trim();
    let t = &t[symbol_lead(t)..];
    if t.ends_with('?') {
        return ClaimType::Question;
    }
    if advice_after_label(t) {
        return ClaimType::Instruction;
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
    // After the labels a note line opens with ("F/u: Owner: Yuki — pls reply …").
    let body = after_labels(t);
    let body_ws = words(body);
    if ["please", "kindly", "pls", "plz"].iter().any(|p| {
        ws.iter()
            .take(3)
            .chain(body_ws.iter().take(3))
            .any(|w| w == p)
    }) || instructions::purpose_imperative(&ws)
        || instructions::keyword_for(t)
        || instructions::bare_imperative(t, &ws)
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
        // "We pay approved claims within 5 business days (section 2.3)", "We're holding the
        // full $1,200 (section 3.1)": the organization's practice in the present tense, with a
        // number or a reference to check — a fact of its terms, not the agent's stance.
        let practice = ws[0] == "we" && has_digit;
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
            // A recommendation with a fact set off after a dash ("I'd go with Vantage Lounge —
            // the closest of the open lounges to C19"): the fact is checkable.
            if let Some((_, rest)) = t.split_once(" — ").or_else(|| t.split_once(" – ")) {
                if classify(rest) == ClaimType::Assertion {
                    return ClaimType::Assertion;
                }
            }
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
                _ if practice => ClaimType::Assertion,
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
        if practice {
            return ClaimType::Assertion;
        }
        return ClaimType::Social;
    }
    // A task assigned in note style after a label ("F/u: Marco to call cust. re the discount
    // offer", "Next: Ana Ruiz to confirm the slot"): names, "to" and a verb — what someone is
    // to do, not a fact. Without a label ("Refund to card") or with a number in it, it stays
    // a claim.
    if !has_digit && body.len() < t.len() && assigned_task(body, &body_ws) {
        return ClaimType::IntentOrOffer;
    }
    // A short fragment is talk ("Sounds good"); a labeled value ("**Owner:** Monica Reyes")
    // states the value.
    if ws.len() <= 3 && !has_digit && !t.ends_with(':') && label_span(t).is_none() {
        return ClaimType::Social;
    }
    ClaimType::Assertion
}

/// `t` after the labels it opens with (at most three: "F/u: Owner: Yuki — …" → "Yuki — …").
fn after_labels(t: &str) -> &str {
    let mut rest = t;
    for _ in 0..3 {
        match label_span(rest) {
            Some((_, end)) if end < rest.len() => {
                rest = rest[end..].trim_start_matches(['*', '_', ' ', ':', '—', '–', '-']);
            }
            _ => break,
        }
    }
    rest
}

/// Whether `body` opens with a task assigned in note style: one to three capitalized words (a
/// name), then "to" and a lower-case word that is no determiner and no pronoun ("Marco to call
/// …", "Ana Ruiz to confirm …"; not "Refund to the card"), and no finite verb follows
/// (`body_ws`: its words).
fn assigned_task(body: &str, body_ws: &[String]) -> bool {
    let toks: Vec<&str> = body
        .split_whitespace()
        .filter(|w| !matches!(*w, "—" | "–" | "-"))
        .take(5)
        .collect();
    let Some(k) = toks.iter().position(|w| *w == "to") else {
        return false;
    };
    if !(1..=3).contains(&k) {
        return false;
    }
    let names = toks[..k]
        .iter()
        .all(|w| w.chars().all(char::is_alphabetic) && w.starts_with(|c: char| c.is_uppercase()));
    let verb = toks.get(k + 1).is_some_and(|w| {
        w.chars().all(|c| c.is_ascii_lowercase())
            && !DETERMINERS.contains(w)
            && !FIRST_PERSON.contains(w)
    });
    names
        && verb
        && !body_ws
            .iter()
            .any(|w| instructions::FINITE.contains(&w.as_str()))
}

/// Nouns that label advice ("Recommendation:", "Next step:", "Tip:").
const ADVICE_NOUNS: &[&str] = &["recommendation", "suggestion", "step", "tip", "advice"];

/// A unit whose leading label names advice ("**Recommendation:** shift budget toward …", "Next
/// step: check staffing …") and whose text after it opens with a bare lower-case word, not a
/// determiner, pronoun or digit: a recommendation to the user, not a fact. "Next step: the
/// agency confirms by Friday" and "Next step: I've escalated it" stay statements.
fn advice_after_label(t: &str) -> bool {
    let Some((_, end)) = label_span(t) else {
        return false;
    };
    let label = t[..end].trim_matches(|c: char| !c.is_alphanumeric());
    let noun = label
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase();
    let noun = noun.strip_suffix('s').unwrap_or(&noun);
    if !ADVICE_NOUNS.contains(&noun) {
        return false;
    }
    let rest = t[end..].trim_start_matches(['*', '_', ' ', ':']);
    let Some(first) = words(rest).into_iter().next() else {
        return false;
    };
    rest.starts_with(|c: char| c.is_ascii_lowercase())
        && first.chars().all(|c| c.is_ascii_alphabetic())
        && !DETERMINERS.contains(&first.as_str())
        && !FIRST_PERSON.contains(&first.as_str())
        && !matches!(
            first.as_str(),
            "you" | "it" | "they" | "there" | "he" | "she"
        )
}

/// The byte range of a leading label in a unit — a Markdown heading, a bold span at its
/// start, or a short `Label:` prefix ("**Current Item**:", "Total:", "Order ID:") — whose
/// words name what follows rather than state a fact about it. Offsets are relative to `text`.
pub fn label_span(text: &str) -> Option<(usize, usize)> {
    let t = text;
    // An opening parenthesis goes with the label it opens: "(Source: `policies/…`)"; a
    // status symbol before it marks the line ("📌 Admin: …").
    let symbols = symbol_lead(t);
    let lead =
        symbols + t[symbols..].len() - t[symbols..].trim_start_matches(['#', '>', ' ', '(']).len();
    let body = &t[lead..];
    if lead > symbols && t[symbols..].starts_with('#') {
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
    // A key-value table's row ("| Next step | use the peak-week programme … |"): of two cells,
    // the first names what the second states, as a "Label:" prefix does.
    if let Some(row) = body.strip_prefix('|') {
        let cells: Vec<&str> = row.trim_end().trim_end_matches('|').split('|').collect();
        let first = cells.first().map_or("", |c| c.trim());
        let words = first.split_whitespace().count();
        if cells.len() == 2
            && (1..=5).contains(&words)
            && !first.contains(|c: char| c.is_ascii_digit() || c == '`')
            && first
                .chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c == '*')
        {
            return Some((0, lead + 1 + cells[0].len() + 1));
        }
        return None;
    }
    // "Label: value" — a short prefix before a colon that is not part of a time ("4:30"); in
    // lower case, as chat writers start lines ("next step: …"), of at most three words.
    let colon = body.find(':')?;
    let label = &body[..colon];
    let next = body[colon + 1..].chars().next();
    let words = label.split_whitespace().count();
    let opens = label.chars().next();
    let cased = opens.is_some_and(|c| c.is_uppercase() || c == '*');
    let lower = opens.is_some_and(char::is_lowercase)
        && words <= 3
        && label.chars().all(|c| c.is_alphabetic() || c == ' ');
    if (1..=5).contains(&words)
        && !label.ends_with(|c: char| c.is_ascii_digit())
        && next.is_none_or(|c| c.is_whitespace() || c == '*')
        && (cased || lower)
    {
        return Some((0, lead + colon + 1));
    }
    None
}

#[cfg(test)]
mod tests;
