//! Items in words: the agent's reports of its own actions ("I've cancelled"), status values of
//! the built-in and declared families ("shipped", `in_progress`), causal clauses ("due to …"),
//! quoted titles, and names.

use super::super::entities::entity_stop;
use super::super::states::{
    explicit_state_frame, fills_table_cell, is_participle, state_frame, states_a_workflow_state,
    StateFrame, LIFECYCLE_CLASSES,
};
use super::super::terms::strip_clitic;
use super::values::is_month_name;
use super::{re, Found, ItemKind};

/// "I've cancelled …", "I went ahead and booked …": the verb of an action the agent reports.
pub(super) fn actions(f: &mut Found<'_>) {
    for m in re().action.captures_iter(f.text) {
        let v = m.name("verb").expect("verb");
        f.push_match(ItemKind::Action, v);
    }
}

/// Status values: members of a family (built in, or declared by a tool's enum) where the words
/// around them state a status — a participle in a status frame, a declared member in an
/// explicit one — and not in the claim's leading label. Longer members first.
pub(super) fn states(f: &mut Found<'_>) {
    let (answer, text, cs) = (f.answer, f.text, f.cs);
    // ASCII folding keeps every byte offset (the phrases searched are ASCII).
    let lower_text = text.to_ascii_lowercase();
    let mut phrases: Vec<(&str, bool)> =
        f.ev.families
            .iter()
            .flat_map(|f| f.members.iter().map(move |m| (m.as_str(), f.declared)))
            .collect();
    phrases.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
    phrases.dedup_by_key(|p| p.0);
    for (phrase, declared) in phrases {
        for (st, en) in whole_words(&lower_text, phrase) {
            let cell = fills_table_cell(answer, cs + st, cs + en);
            // "is open 7 am–9 pm", "doesn't open until 10": opening hours, not a status.
            if crate::stage2::states::opening_hours_after(answer, cs + st, cs + en) {
                continue;
            }
            if !f.in_label(cs + st)
                && (cell
                    || (!is_participle(phrase)
                        || state_frame(answer, cs + st) != StateFrame::NotAStatus)
                        && (!declared
                            || explicit_state_frame(answer, cs + st) != StateFrame::NotAStatus))
            {
                f.push(ItemKind::State, cs + st, cs + en);
            }
        }
    }
    // A general workflow state ("is still completed"), where a record holds one: a status only
    // as the complement of a copula or in a terse headline ("Tee time waitlisted · #GT-…").
    if f.ev.record_states().iter().all(|&held| held == 0) {
        return;
    }
    for phrase in LIFECYCLE_CLASSES.iter().flat_map(|class| class.iter()) {
        for (st, en) in whole_words(&lower_text, phrase) {
            if !f.in_label(cs + st) && states_a_workflow_state(answer, cs + st, cs + en) {
                f.push(ItemKind::State, cs + st, cs + en);
            }
        }
    }
}

/// Where `phrase` stands in `lower` as whole words (not inside a longer word): byte ranges.
fn whole_words<'a>(lower: &'a str, phrase: &'a str) -> impl Iterator<Item = (usize, usize)> + 'a {
    let b = lower.as_bytes();
    lower
        .match_indices(phrase)
        .map(|(st, _)| (st, st + phrase.len()))
        .filter(move |&(st, en)| {
            (st == 0 || !b[st - 1].is_ascii_alphanumeric())
                && (en >= b.len() || !b[en].is_ascii_alphanumeric())
        })
}

/// Words after "since" that make it a point in time, not a reason.
const SINCE_WHEN: &[&str] = &[
    "then",
    "last",
    "yesterday",
    "today",
    "tomorrow",
    "this",
    "early",
    "earlier",
    "late",
    "morning",
    "noon",
    "midnight",
];

/// The weekdays' names, lower-case, as they open a word ("mon" of "Monday", "Mon").
const WEEKDAYS: &[&str] = &["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// Finite verbs that make a "since" or "as" phrase a clause of its own (a reason).
const FINITE: &[&str] = &[
    "is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "does",
    "did", "do", "may", "might", "must", "should", "runs", "needs", "takes", "means",
];

/// Causal clauses ("due to a signal failure", "since the van was reassigned") and quoted
/// titles of two or more words.
pub(super) fn clauses_and_titles(f: &mut Found<'_>) {
    let r = re();
    let (text, cs) = (f.text, f.cs);
    for m in r.clause.find_iter(text) {
        f.push_match(ItemKind::Clause, m);
    }
    // A reason opened by "since" or "as", with a finite verb of its own.
    for m in r.causal.find_iter(text) {
        let clause = m.as_str();
        let words: Vec<String> = clause
            .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase().replace('’', "'"))
            .collect();
        // "since then", "since last week", "since March": a point in time.
        let temporal = words.first().is_some_and(|w| w == "since")
            && words.get(1).is_some_and(|w| {
                SINCE_WHEN.contains(&w.as_str())
                    || crate::stage2::dates::month_name(w).is_some()
                    || WEEKDAYS.iter().any(|d| w.starts_with(d))
            });
        let finite = !temporal
            && words.iter().skip(2).any(|w| {
                FINITE.contains(&w.as_str())
                    || w.ends_with("'s")
                    || w.ends_with("'re")
                    || w.ends_with("'ve")
                    || w.len() > 4 && w.ends_with("ed")
            });
        if finite {
            let lead = clause.len() - clause.trim_start_matches([',', ' ']).len();
            f.push(ItemKind::Clause, cs + m.start() + lead, cs + m.end());
        }
    }
    for m in r.quoted.find_iter(text) {
        let inner = m
            .as_str()
            .trim_matches(|c| c == '"' || c == '“' || c == '”');
        if inner.split_whitespace().count() >= 2
            && inner.chars().next().is_some_and(char::is_uppercase)
        {
            let s = cs + m.start() + m.as_str().find(inner).unwrap_or(0);
            f.push(ItemKind::Entity, s, s + inner.len());
        }
    }
}

/// Mentions of people and teams as chat platforms write them ("@dana.ortiz", "@kofi_asante"):
/// a handle names someone as a name does, in lower case, so it is an entity of its own. Not an
/// e-mail address (a word glued before the `@`), a package scope ("@lumen/ui-kit", followed by
/// `/`), or a platform's broadcast keyword (`@here`, `@channel`, `@everyone`, `@all`).
pub(super) fn mentions(f: &mut Found<'_>) {
    let (text, cs) = (f.text, f.cs);
    for (at, _) in text.match_indices('@') {
        if text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '+'))
        {
            continue;
        }
        let rest = &text[at + 1..];
        if !rest.starts_with(|c: char| c.is_alphabetic()) {
            continue;
        }
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '_' | '-')))
            .unwrap_or(rest.len());
        let handle = rest[..len].trim_end_matches(['.', '-', '_']);
        if rest[handle.len()..].starts_with('/')
            || ["here", "channel", "everyone", "all"].contains(&handle.to_lowercase().as_str())
        {
            continue;
        }
        let s = cs + at + 1;
        f.push(ItemKind::Entity, s, s + handle.len());
    }
}

/// Names: capitalized words and acronyms that are not sentence-initial words, labels, chat
/// abbreviations, currency prefixes or dates.
pub(super) fn names(f: &mut Found<'_>) {
    let r = re();
    let (text, cs) = (f.text, f.cs);
    for m in r.entity.find_iter(text) {
        if f.in_label(cs + m.start()) {
            continue;
        }
        // A currency's country prefix ("CA$98.08", "US$", "NZ$") is part of the amount.
        if text[m.end()..].starts_with(['$', '€', '£', '¥']) && m.as_str().len() <= 3 {
            continue;
        }
        // A bold label further along the line ("**Doors:** 6:30pm · **Show:** 8pm") names
        // what follows, as a leading one does.
        let bold_label = text[..m.start()].ends_with("**")
            && text[m.end()..].starts_with([':'])
            && text[m.end() + 1..].starts_with("**");
        if bold_label {
            continue;
        }
        // Words glued by a semicolon ("TL;DR") are one chat abbreviation, not names: a
        // semicolon between two words is always followed by a space in prose.
        let glued = |s: &str, t: &str| {
            s.ends_with(';') && s[..s.len() - 1].ends_with(|ch: char| ch.is_alphabetic())
                || t.starts_with(';') && t[1..].starts_with(|ch: char| ch.is_alphabetic())
        };
        if glued(&text[..m.start()], &text[m.end()..]) {
            continue;
        }
        let t = strip_clitic(m.as_str().trim_end_matches(['.', '\'', '’', '-']));
        let first_word = t.split_whitespace().next().unwrap_or("");
        // A list marker ("– ", "• ", "- ") or a status symbol ("✅ ", "⚠️ ", "→ ") starts a
        // sentence as the line's start does: nothing but symbols before the word.
        let lead = &text[..m.start()];
        // A dash opens a clause as a colon does ("Hey Rosa — Sorry, …"), and so does the
        // end of a salutation ("Hi Sam, Done: …").
        let sentence_initial = !lead.contains(char::is_alphanumeric)
            || lead.trim_end().ends_with([':', '"', '(', '—', '–'])
            || super::super::salutation::addressed_name(lead).is_some_and(|(_, e)| {
                lead[e..]
                    .chars()
                    .all(|c| c.is_whitespace() || matches!(c, ',' | '!'))
            });
        let multi = t.split_whitespace().count() > 1;
        if entity_stop(first_word) && !multi {
            continue;
        }
        if sentence_initial && !multi {
            continue;
        }
        // Strip a leading stop word from a multi-word match ("The Hilton" → "Hilton").
        let (off, t) = if entity_stop(first_word) {
            let rest = t[first_word.len()..].trim_start();
            // and the article after it ("Then the French job" → "French").
            let rest = rest
                .strip_prefix("the ")
                .or_else(|| rest.strip_prefix("of "))
                .map_or(rest, str::trim_start);
            (t.len() - rest.len(), rest)
        } else {
            (0, t)
        };
        // A weekday or month name after a name is the date that follows it ("the Midtown
        // Donor Center Tuesday of next week", "… Center March 24"), not part of the name.
        let t = {
            let mut t = t;
            while let Some((head, last)) = t.rsplit_once(char::is_whitespace) {
                let l = last.trim_end_matches('.').to_ascii_lowercase();
                // Abbreviated too ("the Trimming Clinic Thu", "… Center Sept 4"), capitalized
                // as a day's or month's name is.
                let abbreviated = last.starts_with(|c: char| c.is_ascii_uppercase())
                    && last[1..]
                        .trim_end_matches('.')
                        .bytes()
                        .all(|b| b.is_ascii_lowercase())
                    && (l.len() >= 3
                        && super::super::calc::WEEKDAYS
                            .iter()
                            .any(|d| d.starts_with(&l))
                        || crate::stage2::dates::month_name(last).is_some());
                if super::super::calc::WEEKDAYS.contains(&l.as_str())
                    || is_month_name(last)
                    || abbreviated
                {
                    t = head.trim_end();
                } else {
                    break;
                }
            }
            t
        };
        // A single letter is no name ("Q's" for questions, "Plan B" keeps "Plan").
        let bare = t.trim_end_matches("'s").trim_end_matches("’s");
        if bare.chars().count() < 2
            || (sentence_initial && t.split_whitespace().count() < 2 && off == 0)
        {
            continue;
        }
        // Nothing left but words that start no name ("So I've" → "I", "Was Friday" after its
        // sentence-initial word): no name.
        // (A month's name is kept: it is checked as a date.)
        let no_name = |w: &str| entity_stop(w) && !is_month_name(w);
        if t.split_whitespace().all(no_name)
            || sentence_initial && off == 0 && t.split_whitespace().skip(1).all(no_name)
        {
            continue;
        }
        let s = cs + m.start() + off;
        f.push(ItemKind::Entity, s, s + t.len());
    }
}
