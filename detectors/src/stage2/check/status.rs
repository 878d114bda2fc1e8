//! Status values ("shipped", "on hold") against the evidence: the value a record the claim
//! names holds, a declared status family, negation.

use super::Outcome;
use crate::stage1::contains_bounded;
use crate::stage2::evidence::{Evidence, Occurrence};
use crate::stage2::items::Item;
use crate::stage2::records;
use crate::stage2::score::DeterministicScorer;
use crate::stage2::states::{
    copula_before, explicit_state_frame, fills_table_cell, lifecycle_classes, lifecycle_rank,
    negated_before, opens_condition, sentence_around, state_frame, states_a_workflow_state,
    whole_sentence_start, StateFrame,
};
use crate::stage2::terms::{contains_terms, normalize_terms};

impl DeterministicScorer {
    /// Check a status value.
    pub(super) fn check_state(
        &self,
        ev: &Evidence,
        answer: &str,
        item: &Item,
        names: &records::Named,
    ) -> Outcome {
        let _no = Outcome::neither();
        let anchored = &names.anchored;
        let phrase = item.text.to_lowercase().replace(['_', '-'], " ");
        // Values compare by their normalized terms: spelling variants and inflections
        // are the same value ("canceled" / "cancelled", "processed" / "processing").
        let key = normalize_terms(&phrase);
        let states = |p: &str| {
            let k = normalize_terms(p);
            ev.norm_values.iter().any(|d| contains_terms(d, &k))
        };
        let in_family = |f: &crate::stage2::states::Family, k: &str| {
            f.members.iter().any(|m| normalize_terms(m) == k)
        };
        // Values are compared within one vocabulary: where a tool declares the value
        // the evidence holds ("past_due") but not the claim's word ("overdue"), the
        // claim paraphrases the domain's word and cannot be judged by it.
        let comparable = |m: &str| {
            let other = normalize_terms(m);
            !ev.families
                .iter()
                .any(|f| f.declared && in_family(f, &other) && !in_family(f, &key))
        };
        // The comparable values of every family this one belongs to (a tool's declared
        // vocabulary and a built-in one may both hold "paid").
        let mut union: Vec<String> = Vec::new();
        for m in ev
            .families
            .iter()
            .filter(|f| in_family(f, &key))
            .flat_map(|f| &f.members)
        {
            if !union.contains(m) && comparable(m) {
                union.push(m.clone());
            }
        }
        let family = (!union.is_empty()).then_some(union.as_slice());
        let stated = states(&phrase);
        if negated_before(answer, item.start) {
            // "hasn't shipped yet" is contradicted when the record it is about holds
            // that value: the record the claim names there, if it names one; else the
            // evidence, when no record of it holds another value of the family (with
            // one order delivered and another pending, "it hasn't been delivered yet"
            // may well be about the pending one).
            let holds = |r: usize, p: &str| record_holds(&ev.records[r], p);
            let others = |held: &dyn Fn(&str) -> bool| {
                family.is_some_and(|f| f.iter().any(|m| normalize_terms(m) != key && held(m)))
            };
            let contradicted = if anchored.is_empty() {
                match main_records_hold(&ev.records, family, &key) {
                    // "The state return is still pending — it hasn't been accepted
                    // yet": the sentence states, not negated, another status the
                    // evidence holds — that of the record it is about.
                    Some(true) => {
                        let sentence = sentence_around(answer, item.start, item.end);
                        !ev.families.iter().flat_map(|f| &f.members).any(|m| {
                            normalize_terms(m) != key
                                && states(m)
                                && sentence.match_indices(m.as_str()).any(|(at, _)| {
                                    let word =
                                        |ch: Option<char>| ch.is_some_and(char::is_alphanumeric);
                                    !word(sentence[..at].chars().next_back())
                                        && !word(sentence[at + m.len()..].chars().next())
                                        && !negated_before(&sentence, at)
                                })
                        })
                    }
                    Some(false) => false,
                    // No record holds the family (prose evidence): the sentence may
                    // name the value it is about ("is still pending, so it hasn't
                    // been delivered yet").
                    // The evidence may say it negated too ("is not paid out").
                    None => {
                        let sentence = sentence_around(answer, item.start, item.end);
                        stated
                            && !stated_negated(ev, &phrase)
                            && !others(&|m| contains_bounded(&sentence, m) && states(m))
                    }
                }
            } else {
                anchored.iter().any(|&r| holds(r, &phrase))
                    && !others(&|m| anchored.iter().any(|&r| holds(r, m)))
            };
            return Outcome {
                supported: !contradicted,
                contradicted,
                citation: None,
            };
        }
        // The record the claim names there holds another status, and a sibling record
        // holds this one: the status of the wrong row ("#W1 is pending" when #W2 is
        // the pending order). Any known status counts as another one: vocabularies
        // overlap ("approved" / "declined" of a leave request). Only a statement of
        // status binds ("was approved"; not "likely to see rain").
        let stating = explicit_state_frame(answer, item.start) != StateFrame::NotAStatus
            || fills_table_cell(answer, item.start, item.end);
        let binding = if !stating {
            records::Binding::Unknown
        } else {
            records::bind_by(
                &ev.records,
                names,
                false,
                |r| record_holds(r, &phrase),
                |r| {
                    ev.families.iter().any(|f| {
                        f.members.iter().any(|m| {
                            normalize_terms(m) != key && comparable(m) && record_holds(r, m)
                        })
                    })
                },
            )
        };
        if binding == records::Binding::Conflict {
            return Outcome::contradicted();
        }
        if stated {
            return Outcome::supported(None);
        }
        if lifecycle_conflict(ev, answer, item, names, &phrase) {
            return Outcome::contradicted();
        }
        // Flag only when the evidence states another value of the same family — and,
        // for a past-tense claim on a lifecycle ("was shipped"), not a later stage of
        // it ("delivered": what was delivered was shipped).
        let past = state_frame(answer, item.start) == StateFrame::Past;
        let rank = lifecycle_rank(&key);
        let later_stated = past
            && rank.is_some()
            && family.is_some_and(|f| {
                f.iter()
                    .any(|o| states(o) && lifecycle_rank(&normalize_terms(o)) > rank)
            });
        // A claim that names its record is judged by that record alone: "LDG-08727 —
        // 20 days overdue" is not contradicted by another invoice being paid.
        let judged = |other: &str| {
            if anchored.is_empty() {
                states(other) && stated_of_something(ev, other)
            } else {
                anchored
                    .iter()
                    .any(|&r| record_holds(&ev.records[r], other))
            }
        };
        // "Overdue" is "unpaid" past its due date: where the evidence holds a date before the
        // run's day, an unpaid record may be called overdue.
        let past_a_date = key == normalize_terms("overdue")
            && ev
                .run_day
                .is_some_and(|today| ev.dated_days().take(256).any(|d| d < today));
        let refines =
            |other: &str| past_a_date && normalize_terms(other) == normalize_terms("unpaid");
        let sibling = !later_stated
            && family.is_some_and(|f| {
                f.iter()
                    .any(|other| normalize_terms(other) != key && judged(other) && !refines(other))
            });
        Outcome {
            supported: !sibling,
            contradicted: sibling,
            citation: None,
        }
    }
}

/// A general workflow state ([`lifecycle_classes`]) stated, as the complement of a copula or in a
/// terse headline ([`states_a_workflow_state`]), of
/// records whose status is of another class and none of its own: "Your $4,200.00 transfer … is
/// still completed" of a transfer whose `status` is `processing`. The records are those the
/// claim names, else the least nested records holding such a state (a transfer's own status,
/// not those of its history). A record holding a value of the claim's class too (a
/// `payment_status` beside a `status`) is not contradicted.
fn lifecycle_conflict(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    names: &records::Named,
    phrase: &str,
) -> bool {
    let own = lifecycle_classes(phrase);
    if own == 0 {
        return false;
    }
    if !states_a_workflow_state(answer, item.start, item.end) {
        return false;
    }
    // (holds a state of the claim's class, holds a state of another class)
    let held = ev.record_states();
    let states_of = |r: usize| (held[r] & own != 0, held[r] & !own != 0);
    let targets: Vec<usize> = if names.anchored.is_empty() {
        let holders: Vec<usize> = (0..ev.records.len())
            .filter(|&i| {
                let (own, other) = states_of(i);
                own || other
            })
            .collect();
        let Some(least) = holders
            .iter()
            .map(|&i| records::depth(&ev.records, i))
            .min()
        else {
            return false;
        };
        holders
            .into_iter()
            .filter(|&i| records::depth(&ev.records, i) == least)
            .collect()
    } else {
        names.anchored.clone()
    };
    !targets.is_empty()
        && targets.iter().all(|&r| {
            let (own, other) = states_of(r);
            other && !own
        })
}

/// Whether a record holds the status `phrase` as one of its values: a short value (at most four
/// terms: `in_transit`, `Shipped - awaiting pickup`) containing it, not a sentence that
/// mentions the word ("Untaken leave is not paid out").
fn record_holds(r: &records::Record, phrase: &str) -> bool {
    let k = normalize_terms(phrase);
    r.keys.iter().any(|v| {
        let v = normalize_terms(v);
        v.split(' ').count() <= 4 && contains_terms(&v, &k)
    })
}

/// Whether the evidence states the status `value` of something: a record holds it, or a text
/// says it as the complement of a copula or after a status label ("is full", "Status: full")
/// outside a condition. A policy's heading "6. Full programs", its "refunded in full" and its
/// rule "When a program is full, the participant may be placed on the wait list" state no
/// program full, so they cannot contradict "It is open"; nor does "registration closes on June
/// 1" (a verb whose normalized terms are those of "closed") state anything closed.
fn stated_of_something(ev: &Evidence, value: &str) -> bool {
    if ev.records.iter().any(|r| record_holds(r, value)) {
        return true;
    }
    let lower = value.to_lowercase();
    let stated = whole_word_occurrences(ev, &lower)
        .any(|o| copula_before(o.text, o.start, o.end) && !in_a_condition(o.text, o.start));
    stated
}

/// Whether the sentence of `text` before `pos` opens a condition: a word of
/// [`opens_condition`], or one that opens a rule's clause (`when`, `whenever`, `until`,
/// `where`: "When a program is full, …").
fn in_a_condition(text: &str, pos: usize) -> bool {
    let pos = crate::text::floor_char_boundary(text, pos);
    text[whole_sentence_start(text, pos)..pos]
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| {
            let w = w.to_lowercase();
            opens_condition(&w) || matches!(w.as_str(), "when" | "whenever" | "until" | "where")
        })
}

/// The occurrences of `p` in the evidence's lower-cased text that are whole words.
fn whole_word_occurrences<'a>(
    ev: &'a Evidence,
    p: &'a str,
) -> impl Iterator<Item = Occurrence<'a>> + 'a {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    ev.occurrences(p)
        .filter(move |o| !word(o.before(0)) && !word(o.after(0)))
}

/// Whether every occurrence of `phrase` in the evidence's text is negated ("Untaken leave is
/// not paid out"): then a claim negating it agrees. False when it does not occur literally.
fn stated_negated(ev: &Evidence, phrase: &str) -> bool {
    let negated_everywhere = |p: &str| {
        let mut whole = whole_word_occurrences(ev, p).peekable();
        whole
            .peek()
            .is_some()
            .then(|| whole.all(|o| negated_before(o.text, o.start)))
    };
    // As written ("is not paid out"), else by its normalized form ("no refund" of
    // "refunded").
    negated_everywhere(phrase)
        .or_else(|| {
            let key = normalize_terms(phrase);
            (key != phrase && !key.is_empty())
                .then(|| negated_everywhere(&key))
                .flatten()
        })
        .unwrap_or(false)
}

/// For a status claimed of no named record: whether the *main* records hold the value `key` —
/// the least nested records holding any value of its `family` (an order's own status, not the
/// statuses of its tracking events) — and none of them another value of it. `None` when no
/// record holds a value of the family.
fn main_records_hold(
    records: &[records::Record],
    family: Option<&[String]>,
    key: &str,
) -> Option<bool> {
    let family = family?;
    let mut main: Option<(usize, bool, bool)> = None; // (depth, holds key, holds another)
    for (i, r) in records.iter().enumerate() {
        let mut this = false;
        let mut other = false;
        for m in family.iter() {
            if record_holds(r, m) {
                if normalize_terms(m) == key {
                    this = true;
                } else {
                    other = true;
                }
            }
        }
        if !(this || other) {
            continue;
        }
        let d = records::depth(records, i);
        main = match main {
            Some((md, ..)) if d > md => main,
            Some((md, t, o)) if d == md => Some((d, t || this, o || other)),
            _ => Some((d, this, other)),
        };
    }
    main.map(|(_, this, other)| this && !other)
}
