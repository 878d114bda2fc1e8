//! Action reports against the tool calls: "I've cancelled your order" is grounded only if the
//! run (this turn or an earlier one of the conversation) called a tool that does that.
//!
//! The report's main verb is found grammatically (after the first-person subject, auxiliaries
//! and adverbs) and checked by its kind:
//! - **lookup** verbs (found, checked, verified, located, …) and verbs of reasoning over what
//!   was read (based, worked out, estimated, rounded, …) need any tool call: reading is what
//!   every tool call does;
//! - **generic** verbs of doing (processed, completed, submitted, updated, …) need a call of a
//!   tool that changes something (its name does not start with a read verb such as `get_`,
//!   `find_`, `list_`, `search_`);
//! - any other verb needs a tool whose name or description shares its stem (`cancelled` →
//!   `cancel_pending_order`, `exchanged` → `exchange_delivered_order_items`).
//!
//! Failure reports ("I couldn't find", "I was unable to") claim no action and are not checked.

use super::coverage::STOPWORDS;
use super::terms::spelling_key;
use crate::run::AgentRun;

const LOOKUP: &[&str] = &[
    "found",
    "checked",
    "verified",
    "located",
    "looked",
    "confirmed",
    "retrieved",
    "pulled",
    "searched",
    "reviewed",
    "authenticated",
    "identified",
    "seen",
    "saw",
    "noticed",
    "gathered",
    "fetched",
    "got",
    "received",
    "read",
    "queried",
    "compared",
    "calculated",
    "computed",
    // Verbs of the agent's own reasoning over what it read ("I've based that on the word
    // counts", "I worked this out from the field's area", "I've rounded to the nearest
    // pound"): they need a reading, not a tool that does them.
    "based",
    "worked",
    "estimated",
    "assumed",
    "rounded",
    "derived",
    "inferred",
    "reckoned",
    "figured",
    "averaged",
    "totalled",
    "totaled",
];
const GENERIC: &[&str] = &[
    "processed",
    "completed",
    "submitted",
    "initiated",
    "placed",
    "made",
    "updated",
    "modified",
    "changed",
    "edited",
    "applied",
    "handled",
    "arranged",
    "requested",
    // Verbs of lodging something with a system: what was filed is the tool's to say.
    "filed",
    "lodged",
    "logged",
    "registered",
    "done",
    "taken",
    "finished",
    "executed",
    "performed",
    "gone",
    "went",
    "proceeded",
    "started",
    // An attempt ("I tried to book Metro Black Car, but the platform refused it") claims the
    // call, not its success: any call of a tool that changes something made one.
    "tried",
    "attempted",
];
const READ_PREFIXES: &[&str] = &[
    "get",
    "find",
    "list",
    "search",
    "lookup",
    "look",
    "read",
    "fetch",
    "query",
    "check",
    "retrieve",
    "describe",
    "show",
    "view",
    "calculate",
    "compute",
    "think",
    "search",
];
const SKIP: &[&str] = &[
    "have",
    "'ve",
    "’ve",
    "has",
    "had",
    "just",
    "also",
    "already",
    "now",
    "then",
    "since",
    "successfully",
    "actually",
    "both",
    "all",
    "still",
];

/// Byte range of the main verb of a first-person action report, if `text` is one that claims
/// an action (not a failure report).
pub fn action_verb(text: &str) -> Option<(usize, usize)> {
    let mut tokens: Vec<(usize, usize, String)> = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let word_char = c.is_alphanumeric() || c == '\'' || c == '’';
        match (start, word_char) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let w = text[s..i].to_lowercase().replace('’', "'");
                tokens.push((s, i, w));
                start = None;
            }
            _ => {}
        }
    }
    let subject = tokens.iter().position(|(_, _, w)| {
        matches!(w.as_str(), "i" | "we" | "i've" | "we've" | "i'd" | "we'd")
    })?;
    // Only a subject near the start (after a hedge such as "It seems" or "Good news —").
    if subject > 4 {
        return None;
    }
    let mut i = subject + 1;
    // After "have" / "'ve" any verb is a past participle ("I've set up", "we have sent").
    let mut perfect = tokens[subject].2.ends_with("'ve");
    while let Some((_, _, w)) = tokens.get(i) {
        if SKIP.contains(&w.as_str()) || (w.ends_with("ly") && w.len() > 3) {
            perfect |= matches!(w.as_str(), "have" | "has" | "had" | "'ve");
            i += 1;
        } else {
            break;
        }
    }
    let (mut s, mut e, mut verb) = tokens.get(i).map(|(s, e, w)| (*s, *e, w.as_str()))?;
    // "I went ahead and cancelled it": the verb after "ahead and" is the action; "I went by
    // the `last_activity` date", "I went with the cheaper one", "I went through the list"
    // report a method, not an action.
    if matches!(verb, "went" | "gone") {
        match (tokens.get(i + 1), tokens.get(i + 2), tokens.get(i + 3)) {
            (Some((.., a)), Some((.., and)), Some(next)) if a == "ahead" && and == "and" => {
                (s, e, verb) = (next.0, next.1, next.2.as_str());
            }
            (Some((.., a)), ..) if a != "ahead" => return None,
            _ => {}
        }
    }
    // "I had a look", "I've a note of it": `have` with an object is the verb itself, no action.
    if perfect
        && matches!(
            verb,
            "a" | "an" | "the" | "some" | "my" | "our" | "your" | "this" | "that" | "no"
        )
    {
        return None;
    }
    if matches!(
        verb,
        "couldn't"
            | "could"
            | "can't"
            | "cannot"
            | "was"
            | "wasn't"
            | "am"
            | "'m"
            | "been"
            | "haven't"
            | "hasn't"
            | "didn't"
            | "did"
            | "do"
            | "don't"
            | "will"
            | "would"
            | "can"
    ) {
        return None;
    }
    let past = perfect || verb.ends_with("ed") || LOOKUP.contains(&verb) || GENERIC.contains(&verb);
    past.then_some((s, e))
}

/// A verb's or a tool word's stem: its spelling key without "ed" and then a final "e", so that
/// "moved" meets "Move", and "closed" meets `close_ticket`; at most five letters.
fn stem_key(w: &str) -> String {
    let k = spelling_key(&w.to_lowercase());
    let k = k.strip_suffix("ed").unwrap_or(&k);
    let k = k.strip_suffix('e').unwrap_or(k);
    k.chars().take(5).collect()
}

fn is_read_tool(name: &str) -> bool {
    let first = name
        .split(|c: char| c == '_' || c == '-' || c == '.' || c.is_uppercase())
        .find(|w| !w.is_empty())
        .unwrap_or("")
        .to_lowercase();
    READ_PREFIXES.contains(&first.as_str())
}

/// Whether a tool of the run does what a verb of the action-item list reports
/// ([`super::items`]' `action` expression): its name holds the verb's first four letters or a
/// word of the verb's family ("emailed" → `send_message`, "booked" → `reserve_room`), or the
/// verb is supported as every action report is ([`action_supported`]).
pub fn listed_action_supported(verb: &str, object: &str, run: &AgentRun) -> bool {
    let verb = verb.to_lowercase();
    let stem: String = verb.chars().take(4).collect();
    let related: &[&str] = match stem.as_str() {
        "sent" | "emai" | "mess" | "forw" | "noti" | "cont" => &[
            "send", "email", "mail", "message", "notify", "forward", "contact", "post",
        ],
        // Booking and scheduling name each other ("I have booked the visit" after
        // `schedule_visit`; "scheduled" after `book_slot`).
        "book" | "rese" | "rebo" => &["book", "reserve", "hold", "schedule"],
        "canc" => &["cancel"],
        "refu" | "paid" | "issu" | "proc" | "init" => {
            &["refund", "pay", "issue", "process", "return"]
        }
        "sche" | "resc" => &["schedule", "create", "book", "event", "meeting"],
        "comm" | "post" => &["comment", "post", "reply"],
        _ => &[],
    };
    let named = run.tool_calls.iter().any(|c| {
        let t = c.name.to_lowercase();
        t.contains(stem.as_str()) || related.iter().any(|r| t.contains(r))
    });
    named
        || action_supported(&verb, run)
        || object_names_a_write(&verb, object, run)
        || booked_by_a_write(&verb, object, run)
}

/// Words of the verb's object read for [`object_names_a_write`].
const MAX_OBJECT_WORDS: usize = 6;

/// Verbs of passing something on: what was sent is the thing the tool made.
const SENDING: &[&str] = &[
    "sent",
    "forwarded",
    "passed",
    "submitted",
    "filed",
    "lodged",
    "raised",
    "routed",
    "transmitted",
];

/// Whether the object of a verb of sending (the words after it, to the clause's end) names a
/// tool that changes something: "I've sent the reschedule request" after a call of
/// `request_reschedule`. Other verbs say what was done and are judged by the verb.
pub fn object_names_a_write(verb: &str, object: &str, run: &AgentRun) -> bool {
    if !SENDING.contains(&verb.to_lowercase().as_str()) {
        return false;
    }
    let clause = object
        .split(['.', ',', ';', ':', '(', '—', '!', '?', '\n'])
        .next()
        .unwrap_or("");
    let keys: Vec<String> = clause
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 4 && w.chars().all(|c| c.is_ascii_alphabetic()))
        .take(MAX_OBJECT_WORDS)
        .filter(|w| !STOPWORDS.contains(&w.to_lowercase().as_str()))
        .map(stem_key)
        .collect();
    !keys.is_empty()
        && run.tool_calls.iter().any(|c| {
            !is_read_tool(&c.name)
                && c.name.split(|ch: char| !ch.is_alphanumeric()).any(|w| {
                    w.chars().count() >= 4 && keys.iter().any(|k| stems_meet(&stem_key(w), k))
                })
        })
}

/// Whether two stem keys ([`stem_key`]) are one word's: equal, or one the start of the other
/// when both have four letters or more ("book" of "booked", "booki" of "booking").
fn stems_meet(a: &str, b: &str) -> bool {
    a == b || a.len() >= 4 && b.len() >= 4 && (a.starts_with(b) || b.starts_with(a))
}

/// Whether the run's tool calls support the action `verb` (see the module docs).
pub fn action_supported(verb: &str, run: &AgentRun) -> bool {
    let v = verb.to_lowercase();
    if run.tool_calls.is_empty() {
        return false;
    }
    if LOOKUP.contains(&v.as_str()) {
        return true;
    }
    if GENERIC.contains(&v.as_str()) {
        return run.tool_calls.iter().any(|c| !is_read_tool(&c.name));
    }
    let key = stem_key(&v);
    if key.chars().count() < 3 {
        return false;
    }
    run.tool_calls.iter().any(|c| {
        let desc = run
            .tool_definition(&c.name)
            .and_then(|d| d.description.as_deref())
            .unwrap_or("");
        let named = c
            .name
            .split(|ch: char| !ch.is_alphanumeric())
            .chain(desc.split(|ch: char| !ch.is_alphanumeric()).take(12))
            .any(|w| !w.is_empty() && stems_meet(&stem_key(w), &key));
        // What a tool that changes something made, by the field names of its result
        // (`request_refill` → `{"refill_order_id": …}` for "I've ordered it").
        named || !is_read_tool(&c.name) && result_fields_share(c.result.as_deref(), &key)
    })
}

/// Verbs of taking a time for someone: what a tool that books, requests or schedules a slot
/// did, whatever its name.
const BOOKING: &[&str] = &["booked", "rebooked", "reserved", "scheduled", "rescheduled"];

/// Whether a text holds an ISO calendar day ("2026-06-01") anywhere.
fn holds_iso_date(text: &str) -> bool {
    text.char_indices()
        .any(|(i, _)| super::records::iso_date_prefix(&text[i..]).is_some())
}

/// Whether a verb of booking a time ("I booked 6 containers for the same day" after
/// `request_waste_collection`) reports what a call that changes something took: its result
/// holds a date (the slot), and a word of the verb's object (to the sentence's end: "the next
/// one, Monday 6 April, for all 4 containers") is a word of
/// one of the call's argument names ("containers"). What else was "booked" no call took.
pub fn booked_by_a_write(verb: &str, object: &str, run: &AgentRun) -> bool {
    if !BOOKING.contains(&verb.to_lowercase().as_str()) {
        return false;
    }
    let clause = object
        .split(['.', ';', '!', '?', '\n'])
        .next()
        .unwrap_or("");
    let keys: Vec<String> = clause
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 4 && w.chars().all(|c| c.is_ascii_alphabetic()))
        .filter(|w| !STOPWORDS.contains(&w.to_lowercase().as_str()))
        .take(MAX_OBJECT_WORDS)
        .map(stem_key)
        .collect();
    !keys.is_empty()
        && run.tool_calls.iter().any(|c| {
            let args = c
                .arguments
                .as_deref()
                .and_then(|a| serde_json::from_str::<serde_json::Value>(a).ok());
            let named = args.as_ref().and_then(|a| a.as_object()).is_some_and(|o| {
                o.keys()
                    .take(MAX_ARGUMENTS)
                    .flat_map(|k| k.split(['_', '-']))
                    .any(|w| w.len() >= 4 && keys.iter().any(|k| stems_meet(&stem_key(w), k)))
            });
            !is_read_tool(&c.name) && named && c.result.as_deref().is_some_and(holds_iso_date)
        })
}

/// Arguments of a call read by [`object_names_an_option`].
const MAX_ARGUMENTS: usize = 32;

/// Whether the object of an action report names an option a call that changes something set
/// to true ("I've kept the rental kit on the booking" after `book_trip` with `"rental_kit":
/// true`): every word of the argument's name is in the object's clause.
pub fn object_names_an_option(object: &str, run: &AgentRun) -> bool {
    let clause = object
        .split(['.', ',', ';', ':', '(', '—', '!', '?', '\n'])
        .next()
        .unwrap_or("")
        .to_lowercase();
    let words: Vec<&str> = clause
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    run.tool_calls
        .iter()
        .filter(|c| !is_read_tool(&c.name))
        .filter_map(|c| serde_json::from_str::<serde_json::Value>(c.arguments.as_deref()?).ok())
        .any(|args| {
            args.as_object().is_some_and(|o| {
                o.iter().take(MAX_ARGUMENTS).any(|(k, v)| {
                    let parts: Vec<String> = k
                        .split(['_', '-'])
                        .filter(|p| !p.is_empty())
                        .map(str::to_lowercase)
                        .collect();
                    v.as_bool() == Some(true)
                        && parts.iter().map(String::len).sum::<usize>() >= 4
                        && parts.iter().all(|p| words.contains(&p.as_str()))
                })
            })
        })
}

/// Fields of a tool result read for [`action_supported`].
const MAX_RESULT_FIELDS: usize = 32;

/// Whether a word of a top-level field name of the JSON `result` has the stem `key`.
fn result_fields_share(result: Option<&str>, key: &str) -> bool {
    let Some(serde_json::Value::Object(o)) =
        result.and_then(|r| serde_json::from_str::<serde_json::Value>(r).ok())
    else {
        return false;
    };
    o.keys()
        .take(MAX_RESULT_FIELDS)
        .flat_map(|k| k.split(|ch: char| !ch.is_alphanumeric()))
        .any(|w| !w.is_empty() && stems_meet(&stem_key(w), key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::ToolCall;

    fn run(tools: &[&str]) -> AgentRun {
        AgentRun {
            tool_calls: tools
                .iter()
                .map(|t| ToolCall {
                    name: (*t).into(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    fn verb(t: &str) -> Option<&str> {
        action_verb(t).map(|(s, e)| &t[s..e])
    }

    #[test]
    fn booking_and_scheduling_name_each_other() {
        let run = |tool: &str| AgentRun {
            tool_calls: vec![crate::run::ToolCall {
                id: "c1".into(),
                name: tool.into(),
                result: Some(r#"{"scheduled":true}"#.into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        assert!(listed_action_supported(
            "booked",
            "the visit",
            &run("schedule_visit")
        ));
        assert!(listed_action_supported(
            "scheduled",
            "the slot",
            &run("book_slot")
        ));
        assert!(!listed_action_supported(
            "cancelled",
            "the visit",
            &run("schedule_visit")
        ));
    }

    #[test]
    fn verbs_of_reports() {
        assert_eq!(verb("I've cancelled your order."), Some("cancelled"));
        assert_eq!(
            verb("I have successfully authenticated your identity."),
            Some("authenticated")
        );
        assert_eq!(verb("I've also set up a daily forecast."), Some("set"));
        assert_eq!(verb("I set it up."), None);
        assert_eq!(
            verb("I've asked the carrier to leave it at the desk."),
            Some("asked")
        );
        assert_eq!(
            verb("It seems I couldn't find a user with that email."),
            None
        );
        assert_eq!(verb("Your order was cancelled."), None);
        assert_eq!(verb("I had a look."), None);
        // A method, not an action; "went ahead and" leads to the action.
        assert_eq!(
            verb("(I went by each candidate's `last_activity` date.)"),
            None
        );
        assert_eq!(verb("I went with the cheaper option."), None);
        assert_eq!(
            verb("I went ahead and cancelled the order."),
            Some("cancelled")
        );
    }

    #[test]
    fn verbs_against_tools() {
        let r = run(&["get_order_details", "cancel_pending_order"]);
        assert!(action_supported("cancelled", &r));
        assert!(action_supported("found", &r));
        assert!(action_supported("processed", &r));
        assert!(!action_supported("asked", &r));
        assert!(!action_supported("refunded", &r));
        let reads = run(&["get_order_details"]);
        assert!(!action_supported("processed", &reads));
        assert!(action_supported("checked", &reads));
        assert!(!action_supported("checked", &run(&[])));
        // Reasoning over what was read needs a reading only.
        assert!(action_supported("based", &reads));
        assert!(action_supported("worked", &reads));
        assert!(!action_supported("based", &run(&[])));
        // Lodging something needs a tool that changes something.
        assert!(action_supported("filed", &run(&["submit_refund_request"])));
        assert!(!action_supported("filed", &reads));
    }

    #[test]
    fn a_booking_verb_and_an_option_set_by_a_write() {
        let call = |name: &str, args: &str, result: &str| AgentRun {
            tool_calls: vec![ToolCall {
                name: name.into(),
                arguments: Some(args.into()),
                result: Some(result.into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        let waste = call(
            "request_waste_collection",
            r#"{"lab_id":"LAB-C214","containers":6}"#,
            r#"{"status":"accepted","collection_ref":"WC-709967","date":"2026-06-01"}"#,
        );
        assert!(booked_by_a_write(
            "booked",
            " 6 containers for the same day",
            &waste
        ));
        assert!(booked_by_a_write(
            "scheduled",
            " the next one, Monday, for all 2 containers.",
            &waste
        ));
        // What else was booked no call took.
        assert!(!booked_by_a_write(
            "booked",
            " a meeting room for the team",
            &waste
        ));
        assert!(!booked_by_a_write("cancelled", " 6 containers", &waste));
        // A read that returns dates books nothing.
        let slots = call(
            "list_slots",
            r#"{"containers":6}"#,
            r#"{"slots":["2026-06-01"]}"#,
        );
        assert!(!booked_by_a_write("booked", " 6 containers", &slots));
        let trip = call(
            "book_trip",
            r#"{"trip_id":"TRP-90161","rental_kit":true,"nitrox":false}"#,
            r#"{"status":"confirmed","booking_ref":"BK-72593"}"#,
        );
        assert!(object_names_an_option(
            " the rental kit on the booking.",
            &trip
        ));
        assert!(!object_names_an_option(
            " the nitrox fills on the booking.",
            &trip
        ));
        assert!(!object_names_an_option(
            " a dive computer on the booking.",
            &trip
        ));
    }

    #[test]
    fn what_a_tool_made_by_its_result_fields() {
        let call = |name: &str, result: &str| AgentRun {
            tool_calls: vec![ToolCall {
                name: name.into(),
                result: Some(result.into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        let refill = r#"{"refill_order_id": "RF-1", "status": "received"}"#;
        assert!(action_supported("ordered", &call("request_refill", refill)));
        // Not from a read: the field of a record looked up is nothing the agent did.
        assert!(!action_supported(
            "ordered",
            &call("get_prescription", refill)
        ));
        assert!(!action_supported(
            "cancelled",
            &call("request_refill", refill)
        ));
    }

    #[test]
    fn the_thing_sent_names_the_tool() {
        let r = run(&["get_case", "request_reschedule"]);
        assert!(object_names_a_write(
            "sent",
            " the reschedule request to your attorney",
            &r
        ));
        // Only a verb of sending takes its tool from its object.
        assert!(!object_names_a_write(
            "refunded",
            " the reschedule request",
            &r
        ));
        // A read tool does not send anything.
        assert!(!object_names_a_write(
            "sent",
            " the case summary",
            &run(&["get_case_summary"])
        ));
        assert!(stems_meet("book", "booki"));
        assert!(!stems_meet("boo", "booki"));
    }
}
