//! Status words: the families of mutually exclusive values ([`STATE_FAMILIES`]), negation, the
//! frame a status word is used in ([`state_frame`]) and lifecycle order ([`lifecycle_rank`]).

use super::terms::normalize_terms;

/// Mutually exclusive categorical values. A claim stating one member while the evidence states
/// another member of the same family (and not the claimed one) is contradicted.
pub(super) const STATE_FAMILIES: &[&[&str]] = &[
    &[
        "on time",
        "delayed",
        "cancelled",
        "canceled",
        "diverted",
        "landed",
        "departed",
        "boarding",
    ],
    &[
        "delivered",
        "in transit",
        "out for delivery",
        "returned to the sender",
        "returned to sender",
        "held at depot",
        "processing",
        "processed",
        "pending",
        "shipped",
        "label created",
        "lost",
    ],
    &["open", "closed", "merged", "draft"],
    &["nonstop", "one stop", "two stops", "1 stop", "2 stops"],
    &[
        "clear",
        "sunny",
        "partly cloudy",
        "cloudy",
        "overcast",
        "fog",
        "foggy",
        "mist",
        "drizzle",
        "light rain",
        "rain",
        "heavy rain",
        "showers",
        "thunderstorms",
        "snow",
        "sleet",
        "hail",
    ],
    &[
        "north",
        "south",
        "east",
        "west",
        "northeast",
        "northwest",
        "southeast",
        "southwest",
    ],
    &["accepted", "declined", "tentative"],
    &[
        "approved",
        "rejected",
        "denied",
        "under review",
        "in review",
        "pending approval",
    ],
    &["paid", "unpaid", "overdue", "refunded"],
];

/// Whether the status word at `start..end` of `text` ("open", "closed") speaks of opening hours
/// rather than a status: a time or a range of times follows it, or a word that places one
/// ("is open 7:00 am–9:00 pm", "doesn't open until 10 am", "open from 6", "closed between 1
/// and 2", "open daily").
pub(super) fn opening_hours_after(text: &str, start: usize, end: usize) -> bool {
    let word = text[start..end].to_ascii_lowercase();
    if !matches!(
        word.as_str(),
        "open" | "opens" | "opened" | "closed" | "closes" | "close"
    ) {
        return false;
    }
    let after = text[end..].trim_start();
    after.starts_with(|c: char| c.is_ascii_digit())
        || after
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .is_some_and(|w| {
                matches!(
                    w.to_ascii_lowercase().as_str(),
                    "until" | "till" | "from" | "between" | "daily" | "around" | "by" | "at"
                )
            })
}

/// A negation in the few words before `pos` ("hasn't shipped", "is not open", "no longer",
/// "none have been delivered").
pub(super) fn negated_before(text: &str, pos: usize) -> bool {
    let start = text[..pos]
        .char_indices()
        .rev()
        .nth(20)
        .map_or(0, |(i, _)| i);
    let window = text[start..pos]
        .to_lowercase()
        .replace('’', "'")
        .replace(['"', '“', '”', '*', '`', '\t'], " ");
    let window = window
        .rsplit(['.', ',', ';', ':', '\n'])
        .next()
        .unwrap_or("");
    let window = format!(" {window} ");
    [
        "n't",
        " not ",
        "no longer",
        "never",
        "yet to",
        " no ",
        " none ",
        " nothing ",
        " neither ",
        " nor ",
    ]
    .iter()
    .any(|n| window.contains(n))
}

/// The lower-cased sentence of `text` around `start..end`.
pub(super) fn sentence_around(text: &str, start: usize, end: usize) -> String {
    sentence_bounds(text, start, end, false)
}

/// [`sentence_around`] where a full stop ends a sentence only before a space or the end:
/// "$134.65" and "v1.2" do not split it.
pub(super) fn whole_sentence_around(text: &str, start: usize, end: usize) -> String {
    sentence_bounds(text, start, end, true)
}

/// Whether the character `c` at byte `i` of `text` ends a sentence (see [`sentence_bounds`]).
///
/// A period after which the text goes on in lower case ("i.e. until", "e.g. the", "approx.
/// forty") abbreviates; it ends no sentence. Nor does the one that ends "i.e." or "e.g.",
/// whatever follows ("i.e. 28-May-2026", "e.g. Form 16").
fn ends_sentence(text: &str, i: usize, c: char, keep_decimals: bool) -> bool {
    let latin = || {
        let b = text.as_bytes();
        i >= 3
            && (b[i - 3..i].eq_ignore_ascii_case(b"i.e")
                || b[i - 3..i].eq_ignore_ascii_case(b"e.g"))
            && (i == 3 || !b[i - 4].is_ascii_alphanumeric())
    };
    matches!(c, '.' | '!' | '?' | '\n')
        && !(keep_decimals
            && c == '.'
            && (text[i + 1..].starts_with(|n: char| !n.is_whitespace())
                || text[i + 1..]
                    .trim_start_matches([' ', '\t'])
                    .starts_with(|n: char| n.is_lowercase())
                || latin()))
}

/// The byte offset where the sentence holding `start` begins, as [`whole_sentence_around`]
/// takes it (at most a few hundred bytes back).
pub(super) fn whole_sentence_start(text: &str, start: usize) -> usize {
    sentence_start(text, start, true)
}

fn sentence_start(text: &str, start: usize, keep_decimals: bool) -> usize {
    // At most a few hundred bytes back: bounded work however long the line.
    let from = crate::text::floor_char_boundary(text, start.saturating_sub(400));
    text[from..start]
        .char_indices()
        .rev()
        .find(|&(i, c)| ends_sentence(text, from + i, c, keep_decimals))
        .map_or(from, |(p, _)| from + p + 1)
}

fn sentence_bounds(text: &str, start: usize, end: usize, keep_decimals: bool) -> String {
    let (s, e) = sentence_range(text, start, end, keep_decimals);
    text[s..e].to_lowercase()
}

/// The byte range of [`whole_sentence_around`] in `text` (its case kept).
pub(super) fn whole_sentence_range(text: &str, start: usize, end: usize) -> (usize, usize) {
    sentence_range(text, start, end, true)
}

fn sentence_range(text: &str, start: usize, end: usize, keep_decimals: bool) -> (usize, usize) {
    // At most a few hundred bytes either way: bounded work however long the line.
    let to = crate::text::floor_char_boundary(text, end + 400);
    let ends_at = |i: usize, c: char| ends_sentence(text, i, c, keep_decimals);
    let s = sentence_start(text, start, keep_decimals);
    let text = &text[..to];
    let e = text[end..]
        .char_indices()
        .find(|&(i, c)| ends_at(end + i, c))
        .map_or(text.len(), |(p, _)| end + p);
    (s, e)
}

/// How a status word is used in its clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StateFrame {
    /// A present status: "is pending", "now delivered", "Status: shipped", or at the start.
    Present,
    /// A past or perfect one: "was shipped", "has been cancelled".
    Past,
    /// Not a statement of status: modal, future, infinitive or conditional ("can be
    /// cancelled", "will be shipped", "to be paid", "once delivered"), or a participle used as
    /// a verb with its complement ("Paid via PayPal", "shipped to you").
    NotAStatus,
}

/// General workflow states, each class a set of words that say the same thing of a record ("a
/// transfer that `succeeded` is completed"), the classes mutually exclusive: a record whose
/// status is `processing` is not "completed", one that is `pending` not "declined". English
/// vocabulary of any workflow, no domain's: what a status word of one class stated of a record
/// holding a status of another contradicts ([`lifecycle_classes`]; the check is
/// `check::status`). A word of two senses is in both its classes ("on hold": waiting for
/// something, or paused); words that may loosely describe a state of any class ("open",
/// "scheduled") are in none.
pub(super) const LIFECYCLE_CLASSES: &[&[&str]] = &[
    &[
        "completed",
        "complete",
        "done",
        "finished",
        "fulfilled",
        "succeeded",
        "successful",
        "settled",
        "resolved",
    ],
    // Not done yet: waiting or under way ("still pending" is said of a job in progress).
    &[
        "pending",
        "processing",
        "in progress",
        "queued",
        "submitted",
        "running",
        "ongoing",
        "underway",
        "waitlisted",
        "wait listed",
        "awaiting",
        "tentative",
        "on hold",
    ],
    &["cancelled", "canceled", "voided", "withdrawn", "aborted"],
    &["failed", "declined", "rejected", "denied", "errored"],
    &["approved", "accepted", "confirmed", "booked", "reserved"],
    &["active", "enabled", "live"],
    &[
        "inactive",
        "disabled",
        "suspended",
        "paused",
        "on hold",
        "locked",
        "blocked",
        "frozen",
    ],
    &["expired", "lapsed"],
];

/// The classes of [`LIFECYCLE_CLASSES`] the value `v` (a short value or a claim's word) is in,
/// one bit each, by its normalized terms; 0 for any other value. A word of two senses is in two
/// classes ("on hold": waiting for something, or paused).
pub(super) fn lifecycle_classes(v: &str) -> u16 {
    // The members' normalized terms, computed once.
    static INDEX: std::sync::OnceLock<std::collections::HashMap<String, u16>> =
        std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = std::collections::HashMap::new();
        for (class, members) in LIFECYCLE_CLASSES.iter().enumerate() {
            for m in *members {
                *index.entry(normalize_terms(m)).or_insert(0) |= 1 << class;
            }
        }
        index
    });
    index
        .get(&normalize_terms(&v.replace(['_', '-'], " ")))
        .copied()
        .unwrap_or(0)
}

/// The classes of [`LIFECYCLE_CLASSES`] a record holds, one bit each: as values (short values of
/// at most three terms), or as the names of its boolean fields — true, the status the name says
/// (`"accepted": true` holds "accepted"); false, only that it is not that status (`"accepted":
/// false` may be pending or declined, `"active": false` inactive): every other class.
pub(super) fn lifecycle_classes_held(r: &super::records::Record) -> u16 {
    let values = r
        .keys
        .iter()
        .filter(|k| k.split(' ').count() <= 3)
        .fold(0, |held, k| held | lifecycle_classes(k));
    let named = r
        .flags
        .iter()
        .fold(values, |held, f| held | lifecycle_classes(f));
    let all = (1u16 << LIFECYCLE_CLASSES.len()) - 1;
    r.unflags
        .iter()
        .map(|f| lifecycle_classes(f))
        .filter(|&own| own != 0)
        .fold(named, |held, own| held | (all & !own))
}

/// Whether the status word at `start..end` of `text` is the complement of a singular copula:
/// "is", "was", "has been", "remains" (or "it's", "that's") right before it, with only adverbs
/// of time or manner between ("is still completed", "has now been fully settled"), or a
/// "status" label ("Status: pending", "status is pending"); not in a condition ("if it's
/// approved"). Stricter than [`explicit_state_frame`]: "is 80% complete", "is expected to be
/// completed" and "are still active" (said of some of several records) state no status of one
/// record, and "has been successfully completed" reports that an action succeeded (the
/// modification of a pending order), not the record's state. A form in -ing must end its
/// clause: "is processing your refund" is a verb with its object.
pub(super) fn copula_before(text: &str, start: usize, end: usize) -> bool {
    let start = crate::text::floor_char_boundary(text, start);
    let end = crate::text::floor_char_boundary(text, end.max(start));
    if text[start..end].ends_with("ing") {
        let next = text[end..].trim_start_matches([' ', '*', '`']);
        let ends =
            next.is_empty() || next.starts_with(['.', ',', ';', ':', '!', '?', ')', '—', '\n']);
        if !ends {
            return false;
        }
    }
    if explicit_state_frame(text, start) == StateFrame::NotAStatus {
        return false;
    }
    let from = crate::text::floor_char_boundary(text, start.saturating_sub(80));
    let before = text[from..start].to_lowercase().replace('’', "'");
    let before = before.trim_end().trim_end_matches(['*', '`']).trim_end();
    if before.ends_with("status:") || before.ends_with("status is") {
        return true;
    }
    let mut been = false;
    for w in before.rsplit(char::is_whitespace) {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        match w {
            "still" | "now" | "currently" | "already" | "fully" | "also" => continue,
            "been" if !been => been = true,
            "has" | "it's" | "that's" if been => return true,
            "is" | "was" | "remains" | "it's" | "that's" if !been => return true,
            _ => return false,
        }
    }
    false
}

/// Whether the workflow-state word at `start..end` of `text` states a record's state: as the
/// complement of a copula ([`copula_before`]) or as the headline of a terse status text
/// ([`headline_before`]).
pub(super) fn states_a_workflow_state(text: &str, start: usize, end: usize) -> bool {
    copula_before(text, start, end) || headline_before(text, start, end)
}

/// Whether the status word at `start..end` of `text` heads a line or clause after a short subject
/// with no verb — an identifier or a noun of one to three words — and ends it ("Tee time
/// waitlisted · #GT-159424", "WO-35539 tentative ✓", "Rekey on hold ✓ RK-297565"): the
/// headline of a terse status message states the record's status as a copula would.
fn headline_before(text: &str, start: usize, end: usize) -> bool {
    let start = crate::text::floor_char_boundary(text, start);
    let end = crate::text::floor_char_boundary(text, end.max(start));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let clause_start = text[line_start..start]
        .char_indices()
        .rev()
        .find(|&(_, c)| matches!(c, '.' | ';' | ':' | '!' | '?' | '·' | '|' | '—' | '(' | '•'))
        .map_or(line_start, |(p, c)| line_start + p + c.len_utf8());
    let subject: Vec<&str> = text[clause_start..start]
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '#' && c != '-'))
        // A list's number ("1.") is no subject.
        .filter(|w| !w.is_empty() && w.chars().any(char::is_alphabetic))
        .collect();
    if subject.is_empty() || subject.len() > 3 {
        return false;
    }
    const NOT_A_SUBJECT: &[&str] = &[
        "i", "we", "you", "they", "he", "she", "it", "i've", "we've", "you've", "i'll", "we'll",
        "not", "no", "never", "if", "once", "when", "until", "to", "be", "can", "will", "and",
        "or", "the", "a", "an", "your", "our", "my", "his", "her", "their", "its",
    ];
    if subject
        .iter()
        .any(|w| NOT_A_SUBJECT.contains(&w.to_lowercase().as_str()))
    {
        return false;
    }
    let rest = text[end..].trim_start_matches([' ', '*', '`']);
    rest.is_empty()
        || rest.starts_with([
            '\n', '.', ',', ';', '!', '?', ')', '—', '·', '|', '✓', '✔', '#', '(', '-', '→',
        ])
}

/// The value `text[start..end]` fills a cell of a Markdown table's body (markup aside): it
/// states that column of the row's record, as a frame word would ("| L2619D | 6 | July 18 |
/// available |" under "| Lot | Kits | Expiry | Status |"); "| Open pipeline | … |" is a label.
pub(super) fn fills_table_cell(text: &str, start: usize, end: usize) -> bool {
    let start = crate::text::floor_char_boundary(text, start);
    let end = crate::text::floor_char_boundary(text, end.max(start));
    let markup = |s: &str| {
        s.chars()
            .all(|c| c.is_whitespace() || matches!(c, '*' | '_' | '`'))
    };
    let cell_start = text[..start].rfind('|').map_or(0, |i| i + 1);
    let cell_end = text[end..]
        .find(['|', '\n'])
        .map_or(text.len(), |i| end + i);
    markup(&text[cell_start..start])
        && markup(&text[end..cell_end])
        && text[cell_end..].starts_with('|')
        && crate::text::table_header(text, start).is_some()
}

/// A verb form among the status words (their participles need a status frame to state one).
pub(super) fn is_participle(phrase: &str) -> bool {
    !phrase.contains(' ') && (phrase.ends_with("ed") || matches!(phrase, "paid" | "lost"))
}

/// A family of mutually exclusive values: one of [`STATE_FAMILIES`], or the `enum` of a
/// string parameter in the run's tool declarations (`"status": {"enum": ["triggered",
/// "acknowledged", "resolved"]}`) — the domain's own vocabulary, whatever the domain.
#[derive(Debug, Clone)]
pub(super) struct Family {
    /// Lower-case members, separators as spaces ("premium economy").
    pub(super) members: Vec<String>,
    /// Declared by a tool: its members are ordinary words too ("high", "business"), so they
    /// state a value only in an explicit frame ([`explicit_state_frame`]).
    pub(super) declared: bool,
}

/// Most enum members taken from one declaration, and most declared families per run.
const MAX_DECLARED_MEMBERS: usize = 16;
const MAX_DECLARED_FAMILIES: usize = 64;

/// The built-in families and those the run's tools declare.
pub(super) fn families(run: &crate::run::AgentRun) -> Vec<Family> {
    let mut out: Vec<Family> = STATE_FAMILIES
        .iter()
        .map(|f| Family {
            members: f.iter().map(|m| (*m).to_owned()).collect(),
            declared: false,
        })
        .collect();
    let builtin = out.len();
    for def in &run.tool_definitions {
        if let Some(p) = &def.parameters {
            declared_enums(p, &mut out, 0, false);
        }
        if out.len() >= builtin + MAX_DECLARED_FAMILIES {
            break;
        }
    }
    out
}

/// The enums of a JSON Schema, each a family of mutually exclusive values — except the enum of
/// an array's `items` (`multi`): a multi-select ("Sections to include": loans, holds, fines),
/// whose values go together.
fn declared_enums(v: &serde_json::Value, out: &mut Vec<Family>, depth: usize, multi: bool) {
    use serde_json::Value as J;
    if depth > 16 {
        return;
    }
    match v {
        J::Object(o) => {
            let array = o.get("type").and_then(J::as_str) == Some("array");
            if let (false, Some(J::Array(values))) = (multi, o.get("enum")) {
                let members: Vec<String> = values
                    .iter()
                    .take(MAX_DECLARED_MEMBERS)
                    .filter_map(J::as_str)
                    // Lower-case words (`in_progress`), not names (`FedEx`, `UPS`: entities,
                    // checked as such) or codes; quantifiers such as "all" or "any" are
                    // filters, not values.
                    .filter(|m| {
                        m.chars()
                            .all(|c| c.is_ascii_lowercase() || matches!(c, '_' | '-' | ' '))
                    })
                    .map(|m| m.replace(['_', '-'], " "))
                    .filter(|m| {
                        m.len() >= 3
                            && !super::coverage::STOPWORDS.contains(&m.as_str())
                            && !matches!(m.as_str(), "all" | "any" | "none" | "both" | "other")
                    })
                    .collect();
                let known = |m: &String| {
                    STATE_FAMILIES
                        .iter()
                        .any(|f| f.iter().any(|x| normalize_terms(x) == normalize_terms(m)))
                };
                if members.len() >= 2
                    && !members.iter().all(known)
                    && !out.iter().any(|f| f.members == members)
                {
                    out.push(Family {
                        members,
                        declared: true,
                    });
                }
            }
            for (k, x) in o {
                declared_enums(x, out, depth + 1, array && k == "items");
            }
        }
        J::Array(a) => a
            .iter()
            .for_each(|x| declared_enums(x, out, depth + 1, false)),
        _ => {}
    }
}

/// A word (lower case) that opens a condition: a clause it opens states no fact
/// ("… if it's approved", "once it's shipped"; the status and yes/no checks skip it).
pub(super) fn opens_condition(w: &str) -> bool {
    matches!(w, "if" | "unless" | "whether" | "once")
}

/// The frame of the status word at `pos` in `text`: the words before it in its clause.
pub(super) fn state_frame(text: &str, pos: usize) -> StateFrame {
    frame(text, pos, true)
}

/// [`state_frame`] without the reading of a word at the start of its clause as a past status:
/// only a frame word ("is", "was", "still", "status") or a label states one.
pub(super) fn explicit_state_frame(text: &str, pos: usize) -> StateFrame {
    frame(text, pos, false)
}

fn frame(text: &str, pos: usize, clause_start_is_past: bool) -> StateFrame {
    let pos = crate::text::floor_char_boundary(text, pos);
    let from = crate::text::floor_char_boundary(text, pos.saturating_sub(300));
    let clause_start = text[from..pos]
        .char_indices()
        .rev()
        .find(|&(_, c)| matches!(c, '.' | ',' | ';' | ':' | '(' | '!' | '?' | '\n' | '—'))
        .map_or(from, |(p, c)| from + p + c.len_utf8());
    let before = text[clause_start..pos].to_lowercase().replace('’', "'");
    let words: Vec<&str> = before
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let near: Vec<&str> = words.iter().rev().take(4).copied().collect();
    const NOT_A_STATUS: &[&str] = &[
        "can", "cannot", "can't", "could", "couldn't", "will", "won't", "would", "wouldn't",
        "should", "shall", "may", "might", "must", "to", "once", "if", "when", "until", "after",
        "before", "unless", "be", "i'll", "we'll", "it'll", "they'll", "you'll", "it'd", "i'd",
    ];
    const PAST: &[&str] = &[
        "was", "were", "been", "had", "has", "have", "got", "already", "hasn't", "haven't",
        "hadn't", "wasn't", "weren't", "never",
    ];
    const PRESENT: &[&str] = &[
        "is",
        "are",
        "it's",
        "that's",
        "now",
        "currently",
        "still",
        "remains",
        "status",
        "isn't",
        "aren't",
        "not",
        "yet",
    ];
    // A status word after an amount, with at most an adverb between, modifies the amount (a
    // reduced relative clause: "less the CAD 225 already paid", "the $40.00 refunded"); it
    // states no status of the record the amount belongs to.
    if after_an_amount(&text[clause_start..pos]) {
        return StateFrame::NotAStatus;
    }
    // A condition states no status however its verb reads ("you'd receive $8,610 if it's
    // approved", "once it's shipped").
    if words
        .iter()
        .any(|w| opens_condition(w.trim_matches(|c: char| !c.is_alphanumeric())))
    {
        return StateFrame::NotAStatus;
    }
    for w in &near {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        if NOT_A_STATUS.contains(&w) {
            return StateFrame::NotAStatus;
        }
        if PAST.contains(&w) {
            return StateFrame::Past;
        }
        if PRESENT.contains(&w) {
            return StateFrame::Present;
        }
    }
    // At the start of its clause: a participle there reports what happened ("Delivered on
    // May 3", "Paid via PayPal"); a label states the current value ("Status: shipped").
    // The same after a dash separating a row's fields ("July 1 (1 day) — **Pending**").
    if text[..clause_start].trim_end().ends_with([':', '—']) && words.len() <= 1 {
        return StateFrame::Present;
    }
    if clause_start_is_past
        && words
            .iter()
            .all(|w| w.chars().all(|c| !c.is_alphanumeric()))
    {
        return StateFrame::Past;
    }
    StateFrame::NotAStatus
}

/// Whether `before` (the words of a clause before a status word) ends with an amount of money,
/// then at most two adverbs of time or degree: a number with a currency sign glued to it
/// (`$225`, `€1.20`, `225€`) or after an ISO currency code (`CAD 225`, `EUR 1.234,50`). A
/// number alone is no amount: "order 10442 already shipped" names a record.
fn after_an_amount(before: &str) -> bool {
    const ADVERBS: &[&str] = &[
        "already",
        "previously",
        "still",
        "just",
        "now",
        "recently",
        "fully",
    ];
    const SIGNS: &[char] = &['$', '€', '£', '¥', '₹'];
    let words: Vec<&str> = before.split_whitespace().collect();
    let mut i = words.len();
    let mut skipped = 0;
    while i > 0 && skipped < 2 && ADVERBS.contains(&words[i - 1].to_lowercase().as_str()) {
        i -= 1;
        skipped += 1;
    }
    let Some(&last) = i.checked_sub(1).and_then(|j| words.get(j)) else {
        return false;
    };
    let digits = last.trim_matches(SIGNS);
    let numeric = !digits.is_empty()
        && digits.starts_with(|c: char| c.is_ascii_digit())
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '\u{202f}'));
    if !numeric {
        return false;
    }
    let signed = last.starts_with(SIGNS) || last.ends_with(SIGNS);
    let code = i >= 2 && {
        let w = words[i - 2];
        w.len() == 3 && w.chars().all(|c| c.is_ascii_uppercase())
    };
    signed || code
}

/// Position of a status on its lifecycle (later stages imply the earlier ones happened), or
/// `None` for values off any lifecycle (branches such as "lost" or "returned to sender").
pub(super) fn lifecycle_rank(key: &str) -> Option<usize> {
    const LIFECYCLES: &[&[&str]] = &[
        &[
            "label created",
            "pending",
            "processing",
            "processed",
            "shipped",
            "in transit",
            "out for delivery",
            "delivered",
        ],
        &["unpaid", "paid", "refunded"],
        &["boarding", "departed", "landed"],
        &["draft", "open", "closed"],
    ];
    LIFECYCLES
        .iter()
        .find_map(|l| l.iter().position(|m| normalize_terms(m) == key))
}
