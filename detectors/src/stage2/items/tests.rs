//! Tests of item extraction.

#[test]
fn a_weekday_or_month_after_a_name_is_no_part_of_it() {
    use crate::stage2::test_support::all_supported;
    let ev = r#"{"center":"Midtown Donor Center","slots":["2026-03-24T09:15:00-05:00"]}"#;
    assert!(all_supported(
        ev,
        "For platelets at the Midtown Donor Center Tuesday of next week, I see one time."
    ));
    assert!(!all_supported(
        ev,
        "For platelets at the Uptown Donor Center Tuesday of next week, I see one time."
    ));
    // Abbreviated ("Thu", "Sept"), as a day's or month's name is capitalized.
    let ev = r#"{"class":"Trimming Clinic","date":"2026-03-05","seats_left":0}"#;
    assert!(all_supported(
        ev,
        "Sorry, the Trimming Clinic Thu (Mar 5) is full."
    ));
    assert!(!all_supported(
        ev,
        "Sorry, the Wheel Basics Thu (Mar 5) is full."
    ));
}

#[test]
fn a_word_after_a_dash_or_a_salutation_is_capitalized_by_position() {
    use crate::stage2::test_support::all_supported;
    let ev = r#"{"customer":"Sam Ortiz","booking":"LB-36427","players":6}"#;
    assert!(all_supported(
        ev,
        "Hi Sam, Done ✓ LB-36427 now has 6 players."
    ));
    assert!(all_supported(
        ev,
        "Hey Sam — Updated ✓ LB-36427 now has 6 players."
    ));
    // A single letter ("Q's" for questions) and a chat abbreviation ("by EOD") are no names.
    assert!(all_supported(
        ev,
        "Hi Sam, LB-36427 now has 6 players; call w/ Q's by EOD."
    ));
    // A name of two words after a dash is still a name the evidence must hold.
    assert!(!all_supported(
        ev,
        "Hey Sam — Maria Lopez moved LB-36427 to 6 players."
    ));
}

use super::civil_from_days;
use crate::report::ClaimStatus;
use crate::stage2::test_support::{run, run_with};
use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};

#[test]
fn currency_prefixes_and_bold_labels_are_no_names() {
    let s = DeterministicScorer::new(Stage2Config::default());
    let ok = |ev: &str, a: &str| {
        s.score(&run(ev), a)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    let rental =
        r#"{"rental":{"daily_rate":98.08,"currency":"CAD","doors":"18:30","show":"20:00"}}"#;
    assert!(ok(rental, "**Rate:** CA$98.08 a day"));
    assert!(ok(rental, "**Doors:** 6:30pm · **Show:** 8pm"));
    // A name in the value is still one.
    assert!(!ok(rental, "**Rate:** CA$98.08 a day, set by Marta Quinn"));
    // A chat abbreviation glued by a semicolon is no name; a name after a real one is.
    assert!(ok(rental, "TL;DR — doors open at 6:30pm."));
    assert!(ok(rental, "So, tl;DR: doors open at 6:30pm."));
    assert!(!ok(rental, "Doors open at 6:30pm; RJ Quinn sets the rate."));
}

#[test]
fn relative_days_against_the_run_timestamp() {
    assert_eq!(civil_from_days(20_528), (2026, 3, 16));
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    // The run happened on 2026-03-03 (UTC); the evidence says the parcel arrives on the 4th.
    let mut r = run(r#"{"status":"in_transit","eta":"2026-03-04"}"#);
    r.start_unix_nano = 1_772_528_400_000_000_000; // 2026-03-03T09:00:00Z
    let s = DeterministicScorer::new(Stage2Config::default());
    assert!(s
        .score(&r, "Your parcel arrives tomorrow.")
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
    let bad = s.score(&r, "Your parcel arrives today.");
    assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad[0].flagged_spans[0].text, "today");
    // A count of days from today reaches a date of the evidence, or none ("in 11 days").
    // (11 is 4 + 7 of the record, by chance: no support for a count of days.)
    let mut r3 = run(
        r#"{"booking":"GT-744845","tee_time":"2026-03-12T15:30:00-05:00","players":4,"green_fee":7}"#,
    );
    r3.start_unix_nano = r.start_unix_nano;
    let ok = |t: &str| {
        s.score(&r3, t)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(ok("Booked ✓ GT-744845 — in 9 days @ 3:30pm"));
    assert!(!ok("Booked ✓ GT-744845 — in 11 days @ 3:30pm"));
    // A policy's number of days is a duration, not a day counted to.
    let mut r4 = run_with(&[
        r#"{"booking":"GT-744845","tee_time":"2026-03-12T15:30:00-05:00"}"#,
        r#"{"refund_days":5}"#,
    ]);
    r4.start_unix_nano = r.start_unix_nano;
    assert!(s
        .score(&r4, "Your refund posts in 5 days.")
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
    // Without a date in the evidence a relative day is not checked.
    let mut r2 = run(r#"{"status":"in_transit"}"#);
    r2.start_unix_nano = r.start_unix_nano;
    assert!(s
        .score(&r2, "I will check again tomorrow.")
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
}
