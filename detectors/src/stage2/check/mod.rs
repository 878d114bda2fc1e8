//! The check of one item against the evidence ([`DeterministicScorer::check`]) and its
//! [`Outcome`]: supported (with a citation), contradicted, or neither. By the item's kind:
//! names and identifiers ([`names`]), times and dates ([`when`]), status values ([`status`]);
//! numbers in [`super::number_check`], tallies ("3W-0D-1L") in [`super::tally`].

mod clock;
pub(super) use clock::placed_the_other_way;
mod names;
mod status;
mod when;

use super::coverage::stem;
use super::evidence::Evidence;
use super::items::{Item, ItemKind};
use super::numbers::{AnswerFacts, ClaimNumber};
use super::records;
use super::score::DeterministicScorer;

pub(super) struct Outcome {
    pub(super) supported: bool,
    pub(super) contradicted: bool,
    pub(super) citation: Option<(usize, usize, usize)>, // (doc, byte start, byte end)
}

impl Outcome {
    pub(super) fn supported(citation: Option<(usize, usize, usize)>) -> Outcome {
        Outcome {
            supported: true,
            contradicted: false,
            citation,
        }
    }

    pub(super) fn contradicted() -> Outcome {
        Outcome {
            supported: false,
            contradicted: true,
            citation: None,
        }
    }
}

impl Outcome {
    /// Neither supported nor contradicted.
    pub(super) fn neither() -> Outcome {
        Outcome {
            supported: false,
            contradicted: false,
            citation: None,
        }
    }
}

impl DeterministicScorer {
    pub(super) fn check(
        &self,
        ev: &Evidence,
        answer: &str,
        item: &Item,
        claim_num: Option<&ClaimNumber>,
        facts: &AnswerFacts,
        names: &records::Named,
    ) -> Outcome {
        let _anchored = &names.anchored;
        let no = Outcome {
            supported: false,
            contradicted: false,
            citation: None,
        };
        match item.kind {
            ItemKind::Identifier | ItemKind::Entity => self.check_name(ev, answer, item),
            ItemKind::Number => match claim_num {
                Some(c) => self.check_number(ev, answer, item, c, facts, names),
                // A tally ("3W-0D-1L"): one value per field of one record.
                None => match super::tally::check(&item.text, &ev.records, names) {
                    Some(true) => Outcome::supported(None),
                    Some(false) => Outcome::contradicted(),
                    None => no,
                },
            },
            ItemKind::Time => self.check_time(ev, answer, item),
            ItemKind::Date => self.check_date(ev, answer, item),
            ItemKind::State => self.check_state(ev, answer, item, names),
            ItemKind::Clause => {
                let words = super::coverage::clause_content_words(&item.text);
                let missing = words
                    .iter()
                    .filter(|w| !ev.lower.iter().any(|d| d.contains(stem(w))))
                    .count();
                let supported =
                    words.is_empty() || missing < 2 || (missing as f64) < 0.5 * words.len() as f64;
                Outcome {
                    supported,
                    contradicted: false,
                    citation: None,
                }
            }
            // Judged against the run's tool calls, not the evidence, by the caller
            // ([`super::actions::listed_action_supported`]).
            ItemKind::Action => no,
        }
    }
}

#[cfg(test)]
mod tests;
