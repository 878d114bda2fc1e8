//! Units of the answer that are no claim — a greeting, an instruction to the user, an offer —
//! still hold facts of their own: the name a salutation addresses ("Hi Marcus!",
//! [`super::salutation`]) and the references an instruction sends the user to (a code, a link, a
//! section, a quoted label: 'You can see every trip in the app under "Plaza charges"'). One that
//! no evidence holds is flagged; the rest of the unit is not scored.

use super::evidence::Evidence;
use super::items::{extract, Item, ItemKind};
use super::salutation::{addressed_name, name_in};
use super::score::{span_flag, DeterministicScorer};
use crate::report::{Claim, ClaimStatus, ClaimType, FlagKind, FlaggedSpan};

impl DeterministicScorer {
    /// The claim to report for the unscored unit `answer[cs..ce]`, when its salutation names
    /// someone no evidence spells or it points to a reference no tool result holds.
    pub(super) fn unscored_claim(
        &self,
        answer: &str,
        cs: usize,
        ce: usize,
        ev: &Evidence,
        claim_type: ClaimType,
    ) -> Option<Claim> {
        let text = &answer[cs..ce];
        let (flagged, score) = match addressed_name(text) {
            Some((s, e)) if !name_in(&text[s..e], &ev.lower) => {
                let why = "addresses a name no tool result, user message or instruction spells";
                let flag = span_flag(answer, cs + s, cs + e, why, FlagKind::EntityNotInEvidence);
                (vec![flag], self.cfg.unsupported_score)
            }
            _ => (
                self.pointed_references(answer, cs, ce, ev, claim_type),
                self.cfg.fabricated_score,
            ),
        };
        let first = flagged.first()?;
        // Items come in the order they were found, not by position.
        let start = flagged.iter().map(|f| f.start).min().unwrap_or(first.start);
        let end = flagged.iter().map(|f| f.end).max().unwrap_or(first.end);
        Some(Claim {
            text: text.to_owned(),
            evidence_spans: Vec::new(),
            score,
            critical: true,
            status: ClaimStatus::Unsupported,
            start,
            end,
            reason: format!("{}: {:?}", first.reason, first.text),
            flagged_spans: flagged,
            claim_type,
        })
    }

    /// The references an instruction or an offer points to (codes, links, sections, quoted
    /// labels of two or more words) that no evidence holds.
    fn pointed_references(
        &self,
        answer: &str,
        cs: usize,
        ce: usize,
        ev: &Evidence,
        claim_type: ClaimType,
    ) -> Vec<FlaggedSpan> {
        if !matches!(
            claim_type,
            ClaimType::Instruction | ClaimType::IntentOrOffer
        ) {
            return Vec::new();
        }
        let quoted = |i: &Item| {
            answer[..i.start].ends_with(['"', '“']) && answer[i.end..].starts_with(['"', '”'])
        };
        let why = "fabricated reference: the instruction points to what no tool result holds";
        extract(answer, cs, ce, ev)
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Identifier || i.kind == ItemKind::Entity && quoted(i))
            .filter(|i| !self.check_name(ev, answer, i).supported)
            .map(|i| span_flag(answer, i.start, i.end, why, FlagKind::FabricatedReference))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::score;
    use crate::report::FlagKind;

    #[test]
    fn a_salutations_name_and_an_instructions_label_are_checked() {
        let ev = r#"{"holder":"Derek Simmons","portal_labels":["Recent trips"]}"#;
        let flags = |a: &str| -> Vec<(FlagKind, String)> {
            score(ev, a)
                .iter()
                .flat_map(|c| c.flagged_spans.clone())
                .map(|f| (f.kind, f.text))
                .collect()
        };
        assert_eq!(
            flags("Hi Marcus!"),
            [(FlagKind::EntityNotInEvidence, "Marcus".to_owned())]
        );
        assert!(flags("Hi Derek!").is_empty());
        assert!(flags("Hi there!").is_empty());
        assert_eq!(
            flags(r#"You can see every trip in the app under "Plaza charges"."#),
            [(FlagKind::FabricatedReference, "Plaza charges".to_owned())]
        );
        assert!(flags(r#"You can see every trip in the app under "Recent trips"."#).is_empty());
        // Several references, found out of order: the claim spans them all, start before end
        // (a unicode_props case: a link found before a code that precedes it).
        let a = r#"Please use code AB12 at https://example.com/a?b=1 under "Plaza charges"."#;
        let claims = score(ev, a);
        let c = claims
            .iter()
            .find(|c| !c.flagged_spans.is_empty())
            .expect("flagged");
        assert!(c.start < c.end, "{c:?}");
        assert!(c
            .flagged_spans
            .iter()
            .all(|f| c.start <= f.start && f.end <= c.end));
    }
}
