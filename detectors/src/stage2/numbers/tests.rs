//! Unit tests of claim numbers.

use crate::report::ClaimStatus;
use crate::stage2::test_support::{score, RESULT};

/// One percent test for every rule that asks (the field a noun names, percent changes):
/// "%" or "percent" in any case; other units are not percents.
#[test]
fn percent_is_the_sign_or_the_word_in_any_case() {
    let n = |unit: &str| super::ClaimNumber {
        value: 12.0,
        decimals: 0,
        approx: false,
        unit: unit.into(),
        magnitude: 1.0,
        noun: None,
        noun_before: None,
        currency: String::new(),
    };
    for u in ["%", "percent", "Percent", "PERCENT"] {
        assert!(n(u).is_percent(), "{u}");
    }
    for u in ["", "min", "points", "kg", "per"] {
        assert!(!n(u).is_percent(), "{u}");
    }
}

#[test]
fn paraphrase_rounding_and_dates_are_supported() {
    let c = score(RESULT, "Sure! Order ORD-1001 shipped with UPS. The total was $129.50 and it arrives on March 4 around 2:00 PM. About 1.2 million people live there.");
    assert!(
        c.iter().all(|c| c.status == ClaimStatus::Supported),
        "{c:#?}"
    );
    assert!(c
        .iter()
        .any(|c| !c.evidence_spans.is_empty() && c.evidence_spans[0].tool_call_id == "call_1"));
}
