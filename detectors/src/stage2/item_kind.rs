//! Kinds of the checkable items of a claim ([`ItemKind`]), and which of them a run scores.
//!
//! Every kind is extracted from a claim whatever is scored (an identifier's span is never
//! re-read as a number), and a claim's criticality comes from what it contains; a gating
//! profile's `item_kinds` only decides which extracted items are checked against the evidence
//! and may lower the claim's score.

use serde::{Deserialize, Serialize};

/// Kind of a checkable item of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// Identifiers, URLs, e-mails, citations and section references.
    Identifier,
    /// Numbers, amounts and durations (and the direction words compared with them).
    Number,
    Time,
    Date,
    /// Named entities (people, places, products, quoted titles).
    Entity,
    /// Action claims of the agent ("I've cancelled …"), checked against its tool calls.
    Action,
    /// A categorical value / status (delivered, on time, nonstop, fog, north…).
    State,
    /// A causal or explanatory clause ("due to …", "driven by …").
    Clause,
}

impl ItemKind {
    pub const ALL: [ItemKind; 8] = [
        ItemKind::Identifier,
        ItemKind::Number,
        ItemKind::Time,
        ItemKind::Date,
        ItemKind::Entity,
        ItemKind::Action,
        ItemKind::State,
        ItemKind::Clause,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Identifier => "identifier",
            ItemKind::Number => "number",
            ItemKind::Time => "time",
            ItemKind::Date => "date",
            ItemKind::Entity => "entity",
            ItemKind::Action => "action",
            ItemKind::State => "state",
            ItemKind::Clause => "clause",
        }
    }

    /// Whether items of this kind are scored under `scored` (empty: every kind).
    pub fn is_in(self, scored: &[ItemKind]) -> bool {
        scored.is_empty() || scored.contains(&self)
    }
}

#[cfg(test)]
mod tests {
    use super::ItemKind;

    #[test]
    fn names_and_membership() {
        for k in ItemKind::ALL {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.as_str()));
            assert_eq!(serde_json::from_str::<ItemKind>(&json).unwrap(), k);
            assert!(k.is_in(&[]), "empty: every kind");
        }
        assert!(ItemKind::Number.is_in(&[ItemKind::Date, ItemKind::Number]));
        assert!(!ItemKind::Identifier.is_in(&[ItemKind::Number]));
        let e = serde_json::from_str::<ItemKind>("\"status\"").unwrap_err();
        assert!(e.to_string().contains("identifier"), "{e}");
    }
}
