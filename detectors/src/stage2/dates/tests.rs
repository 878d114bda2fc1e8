//! Unit tests of dates.

use crate::stage2::test_support::all_supported;

#[test]
fn a_date_copied_from_another_field() {
    let ev = r#"{"term":"2026FA","add_deadline":"2026-09-04","drop_deadline":"2026-10-05","withdraw_deadline":"2026-11-02"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("**Drop without a W:** by Monday, October 5."));
    assert!(ok("**Withdraw (W grade):** by Mon, Nov 2"));
    assert!(!ok("**Drop without a W:** by Monday, November 2."));
    // Two dates in one sentence: which field each states is left open.
    assert!(ok(
        "You can drop until October 5 and withdraw until November 2."
    ));
    // A date no field name in the sentence points at is judged as before.
    assert!(ok("The last day is November 2."));
    // Beside several dates, a record's status value labels none of them.
    let ev = r#"{"entry_number":"HB7-3233445-2","status":"exam_hold","status_time":"2026-06-10T15:45:00-07:00","arrival_date":"2026-06-09","last_free_day":"2026-06-13","as_of":"2026-06-11T16:32:00-07:00"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Entry HB7-3233445-2 is on hold for an exam, as of June 10th."
    ));
    assert!(!ok(
        "Entry HB7-3233445-2 is on hold for an exam, as of June 12th."
    ));
    // A temporal preposition of a field's name says when, not what (`warranty_until` is
    // named by "warranty").
    let ev = r#"{"product":{"invoice_date":"2018-11-24","warranty_until":"2019-11-23"},"repaired_on":"2026-06-25"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "As the warranty expired on 23.11.2019, the repair is chargeable."
    ));
    assert!(!ok(
        "As the warranty expired on 24.11.2018, the repair is chargeable."
    ));
    // A record labels its date.
    let ev = r#"{"deadlines":[{"event":"drop_deadline","date":"2026-10-05","description":"Last day to drop"},{"event":"withdraw_deadline","date":"2026-11-02"}],"charges":[{"merchant":"Cava","status":"posted","date":"2026-03-03"}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Drop without a W by Monday, October 5."));
    assert!(!ok("Drop without a W by Monday, November 2."));
    // A field named by function words only (`as_of`) is named by no sentence.
    let ev = r#"{"pourings":[{"date":"2026-03-25","shift":"evening","snf_pct":8.3,"accepted":false,"reason":"SNF below minimum"}],"as_of":"2026-03-29T14:51:00+05:30"}"#;
    assert!(all_supported(
        ev,
        "The evening pouring of 25 March 2026 was not accepted as SNF was below the minimum."
    ));
    assert!(!all_supported(
        ev,
        "The evening pouring of 26 March 2026 was not accepted as SNF was below the minimum."
    ));
    let ev = r#"{"deadlines":[{"event":"drop_deadline","date":"2026-10-05","description":"Last day to drop"},{"event":"withdraw_deadline","date":"2026-11-02"}],"charges":[{"merchant":"Cava","status":"posted","date":"2026-03-03"}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    // A status beside a date is no label of it.
    assert!(ok("Your refund was posted; the charge was on March 3."));
    // A time beside the date, as the field holding the date writes it, says which field the
    // sentence states: the new booking, not the past platelets donations.
    let ev = r#"{"donations":[{"date":"2025-03-16","type":"power_red"},{"date":"2025-10-16","type":"platelets"}],"booking":{"start_time":"2026-02-12T14:15:00-06:00","donation_type":"platelets","center":"Midtown"}}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("That's platelets at Midtown on February 12 at 2:15 PM."));
    assert!(!ok("That's platelets at Midtown on March 16 at 2:15 PM."));
    assert!(!ok("Your platelets donation was on March 16."));
    // A span of days relates the date to the field the sentence names.
    let ev = r#"{"unit":"BK-1931","move_in":"2026-04-15","hold_until":"2026-04-18"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Held until April 18 — 3 days past move-in."));
    assert!(ok("Held until 4/18/26 — 3 days past move-in."));
    assert!(!ok("Held until April 19 — 3 days past move-in."));
    // In a table the column's header names the field, not the row's other cells.
    let ev = r#"{"loans":[{"title":"Seventeen Bridges","checked_out":"2026-04-30","due_date":"2026-05-21","status":"checked_out"},{"title":"Night Ferry","checked_out":"2026-05-02","due_date":"2026-05-23","status":"checked_out"}]}"#;
    let table = |due: &str| {
        format!(
            "| Title | Due | Status |\n|---|---|---|\n| Seventeen Bridges | {due} | checked out |"
        )
    };
    assert!(all_supported(ev, &table("May 21")));
    assert!(!all_supported(ev, &table("May 22")));
    let ev2 = r#"{"loans":[{"title":"Seventeen Bridges","checked_out":"2026-04-30","due_date":"2026-05-21"}]}"#;
    assert!(!all_supported(
        ev2,
        "| Title | Checked out |\n|---|---|\n| Seventeen Bridges | May 21 |"
    ));
}

#[test]
fn dates_a_sentence_computes_and_the_present_compared_with() {
    // "i.e." ends no sentence: the span before it computes the date after it.
    let ev = r#"{"siteId":"SV-1","installedOn":"2023-09-06","warranty":"Product warranty: 25 years from the installation date."}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "**Product:** 25 years from installation, i.e. until September 6, 2048."
    ));
    assert!(!ok(
        "**Product:** 25 years from installation, i.e. until September 6, 2049."
    ));
    // "less than today": the present state a value is compared with, not a date.
    let ev = r#"{"escrow":{"monthly":"553.56","projected_monthly":"507.23"},"as_of":"2026-05-01"}"#;
    assert!(all_supported(
        ev,
        "Your escrow would be $507.23 a month ($46.33 less than today)."
    ));
}

#[test]
fn days_to_a_date_without_its_year_in_any_year_the_evidence_gives_it() {
    use crate::report::ClaimStatus;
    use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
    // Bought on 24 October 2023, covered until 24 October 2026; the run is on 4 April 2026.
    let ev = r#"{"purchased":"2023-10-24","repair_warranty_until":"2026-10-24"}"#;
    let mut run = crate::stage2::test_support::run(ev);
    run.start_unix_nano = 1_775_308_644_000_000_000;
    let ok = |a: &str| {
        DeterministicScorer::new(Stage2Config::default())
            .score(&run, a)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(ok(
        "The repair warranty runs until October 24, so you have 203 days left."
    ));
    assert!(!ok(
        "The repair warranty runs until October 24, so you have 210 days left."
    ));
}

#[test]
fn numeric_date_forms() {
    let acct = r#"{"unit":"BK-1931","paid_through":"2026-03-24","balance":0}"#;
    let ok = |a: &str| all_supported(acct, a);
    for date in [
        "2026-03-24",
        "2026-03-24 (Tue)",
        "3/24/26",
        "3/24/2026",
        "24-Mar-2026",
        "24-Mar-26",
    ] {
        assert!(
            ok(&format!("Paid through {date} with nothing owing.")),
            "{date}"
        );
    }
    for date in ["2026-03-25", "3/25/26", "25-Mar-2026", "2026-03-28 (Sat)"] {
        assert!(
            !ok(&format!("Paid through {date} with nothing owing.")),
            "{date}"
        );
    }
    // Not a date: a month of 20 ("AD 2020-20-12" is a directive's number).
    let ad = r#"{"ad":"2020-20-12","due_hours":9979.1}"#;
    assert!(all_supported(ad, "AD 2020-20-12 is due at 9,979.1 h."));
}

#[test]
fn a_date_stated_relative_to_the_other_date() {
    let ev = r#"{"visit":{"date":"2026-04-13","window":"1:00 PM to 4:00 PM"},"part":{"eta":"2026-04-12"}}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("They're coming Monday, April 13. The part should arrive April 12, the day before the visit."));
    assert!(!ok("They're coming Monday, April 13. The part should arrive April 12, the day after the visit."));
    // Any of the answer's other dates may be the one meant.
    let ev2 = r#"{"a":"2026-04-10","b":"2026-04-13","c":"2026-04-14","d":"2026-04-12"}"#;
    assert!(all_supported(
        ev2,
        "April 10 and April 13 are booked; it's due April 14, the day after."
    ));
    assert!(!all_supported(
        ev2,
        "April 10 and April 13 are booked; it's due April 12, the day after."
    ));
}

#[test]
fn a_season_with_its_year_is_a_period() {
    let ev = r#"{"term":"2026FA","classes_begin":"2026-08-24"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Here's your schedule for Fall 2026:"));
    assert!(!ok("Here's your schedule for Fall 2027:"));
}

#[test]
fn a_date_a_stated_span_from_today_or_from_an_evidence_time() {
    use crate::report::ClaimStatus;
    use crate::stage2::test_support::run;
    use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
    let s = DeterministicScorer::new(Stage2Config::default());
    let ok = |r: &crate::run::AgentRun, a: &str| {
        s.score(r, a)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    // The run happened on 2026-03-03 (UTC); four weeks later is March 31.
    let mut r = run(
        r#"{"candidate":"Lucas Petit","notice_weeks":4,"doors_at":"2026-05-23T19:00:00-05:00","transfer_cutoff_hours":24}"#,
    );
    r.start_unix_nano = 1_772_528_400_000_000_000;
    assert!(ok(
        &r,
        "With a 4-week notice period, the earliest start would be around March 31st."
    ));
    assert!(!ok(
        &r,
        "With a 4-week notice period, the earliest start would be around April 14th."
    ));
    // 24 hours before the doors open is the day before.
    assert!(ok(
        &r,
        "Transfers close 24 hours before doors, so by Fri 22 May."
    ));
    assert!(!ok(
        &r,
        "Transfers close 24 hours before doors, so by Thu 21 May."
    ));
}

#[test]
fn a_date_from_a_stated_date_and_a_span_of_the_sentence_or_the_evidence() {
    let club = r#"{"member":"M5466363","next_billing_date":"2026-03-05","rules":"5.3 Freeze requests must be made at least 10 days before the next billing date."}"#;
    let ok = |ev: &str, a: &str| all_supported(ev, a);
    assert!(ok(club, "Your next billing date is March 5, so to freeze from then you'd need to ask by February 23."));
    assert!(!ok(club, "Your next billing date is March 5, so to freeze from then you'd need to ask by February 20."));
    // Years: a term in the evidence from a date the sentence states.
    let site =
        r#"{"installed_on":"2025-07-25","warranty":{"workmanship_years":15,"product_years":25}}"#;
    assert!(ok(
        site,
        "It was installed on July 25, 2025, so coverage runs through July 25, 2040."
    ));
    assert!(ok(
        site,
        "Installed on July 25, 2025, the panels are covered until July 25, 2050."
    ));
    assert!(!ok(
        site,
        "It was installed on July 25, 2025, so coverage runs through July 25, 2042."
    ));
    // "in 57 days (April 26)": from the snapshot day to the date in parentheses.
    let snap = r#"{"as_of":"2026-02-28","next":{"course":"EHS-210","due":"2026-04-26"}}"#;
    assert!(ok(
        snap,
        "The next to expire is EHS-210, in 57 days (April 26)."
    ));
    assert!(!ok(
        snap,
        "The next to expire is EHS-210, in 59 days (April 26)."
    ));
    // A span counted from today is not the one the sentence computes with.
    let repair = r#"{"registered_at":"2026-05-25T10:00:00+05:30","working_days":"Monday to Saturday","terms":"4.1 Repairs are completed within 3 working days of registration (Monday to Saturday)."}"#;
    assert!(ok(repair, "Your request was registered on 25-May-2026, hence the repair is due by 40 days ago, i.e. 28-May-2026."));
    assert!(!ok(repair, "Your request was registered on 25-May-2026, hence the repair is due by 40 days ago, i.e. 30-May-2026."));
    // A term an evidence line states of what the sentence names, from an evidence date.
    let camera = r#"{"purchase_date":"2025-10-27","policy":"1.1 Lumora cameras carry a 24-month warranty from the date of purchase. 2.1 Repairs take 5 working days."}"#;
    assert!(ok(
        camera,
        "Yes, it's still under warranty — until 27 October 2027."
    ));
    assert!(!ok(
        camera,
        "Yes, it's still under warranty — until 27 October 2028."
    ));
    // The code of a table row names its term.
    let courses = r#"{"courses":[{"course":"EHS-120","completed":"2024-05-09"},{"course":"EHS-210","completed":"2025-09-09"}],"doc":"| Course | Refresh |\n|---|---|\n| EHS-120 | 24 months |\n| EHS-210 | 12 months |"}"#;
    assert!(ok(courses, "EHS-120 ran out on 9 May 2026."));
    assert!(!ok(courses, "EHS-120 ran out on 9 June 2026."));
    // A term of another thing than the sentence names is not applied.
    assert!(!ok(camera, "Your camera was collected on 3 November 2025."));
    // A term ends on its anniversary or on the day before it.
    assert!(ok(
        site,
        "It was installed on July 25, 2025, so coverage runs through July 24, 2040."
    ));
    assert!(!ok(
        site,
        "It was installed on July 25, 2025, so coverage runs through July 23, 2040."
    ));
    // A span the sentence states from an evidence date, past a decimal point in between.
    let loan =
        r#"{"next_payment":{"due_date":"2026-03-01","amount":"3009.74"},"grace_period_days":15}"#;
    assert!(ok(loan, "There's a 15-day grace period — the $3,009.74 payment is late only if it hasn't arrived by March 16, 2026."));
    assert!(!ok(loan, "There's a 15-day grace period — the $3,009.74 payment is late only if it hasn't arrived by March 18, 2026."));
    // A span the sentence states exactly is the one it computes with.
    let lease = r#"{"lease_end":"2026-11-30","clauses":[{"id":"12.1","text":"Written notice is required at least 60 days before the lease end."}]}"#;
    assert!(ok(
        lease,
        "Your lease ends on November 30, 2026, so give notice by October 1."
    ));
    assert!(!ok(lease, "Your lease ends on November 30, 2026, and you need notice 90 days before — so by October 1."));
    assert!(ok(site, "It was installed on July 25, 2025, so coverage runs through July 25, 2040 — about 14 more years."));
    // A period's inclusive end: 8 days from February 22 to March 1.
    let pass = r#"{"as_of":"2026-02-10","trip_days":8,"passes":[{"name":"Travel Week","validityDays":7,"price":"45.00"}]}"#;
    assert!(ok(
        pass,
        "For a 8-day trip (February 22 to March 1), here's how the passes compare:"
    ));
    assert!(!ok(
        pass,
        "For a 8-day trip (February 22 to March 4), here's how the passes compare:"
    ));
}

#[test]
fn a_day_of_the_month_named_by_its_weekday() {
    // 2026-03-11 is a Wednesday.
    let ev = r#"{"events":[{"name":"Spring Tour","starts_at":"2026-03-11T19:00:00-07:00"}]}"#;
    assert!(all_supported(ev, "It's on Wednesday the 11th."));
    assert!(!all_supported(ev, "It's on Wednesday the 12th."));
    assert!(!all_supported(ev, "It's on Thursday the 11th."));
    assert_eq!(
        super::weekday_ordinal("on Wed the 11th", 11, 13),
        Some((11, 3))
    );
    assert_eq!(super::weekday_ordinal("the 11th", 4, 6), None);
}

#[test]
fn a_span_written_in_words_with_its_digits_in_parentheses() {
    let ev = r#"{"screened_on":"2026-02-25","rescreen_every_days":90}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "ninety (90) days after the screening on the 25th of February 2026 is the 26th of May 2026."
    ));
    assert!(!ok(
        "ninety (90) days after the screening on the 25th of February 2026 is the 29th of May 2026."
    ));
    assert_eq!(
        super::spans::stated_spans("three (3) business days after", 4),
        vec![super::spans::Span::WorkDays(3, false)]
    );
}

#[test]
fn a_computed_date_restated_in_another_sentence() {
    let ev = r#"{"vendor":"V-1","privacy_owner":"Maja Holm","last_audit":"2025-01-10","audit_interval_months":24}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Twenty-four (24) months after January 10, 2025 is January 10, 2027. We recommend that Maja Holm, as privacy owner, schedule the next audit well before January 10, 2027."
    ));
    // The restated date must be the computed one.
    assert!(!ok(
        "Twenty-four (24) months after January 10, 2025 is January 10, 2027. We recommend that Maja Holm, as privacy owner, schedule the next audit well before January 17, 2027."
    ));
}

#[test]
fn a_date_some_working_days_after_an_evidence_date() {
    // 2026-02-16 is a Monday.
    let ev = r#"{"request":"SR-1","registered_on":"2026-02-16","turnaround":"7 working days"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
            "As per our turnaround of 7 working days (Monday to Saturday), the repair is due by 24-Feb-2026."
        ));
    assert!(ok(
        "With a turnaround of 7 working days, the repair is due by 25-Feb-2026."
    ));
    assert!(!ok(
        "With a turnaround of 7 working days, the repair is due by 24-Feb-2026."
    ));
    assert!(!ok(
            "As per our turnaround of 7 working days (Monday to Saturday), the repair is due by 26-Feb-2026."
        ));
}

#[test]
fn dates_of_a_weekly_recurrence_the_sentence_names() {
    // 2026-05-20, 05-27 and 06-03 are Wednesdays, between the snapshot and the move.
    let ev = r#"{"child":"CH-1","as_of":"2026-05-14","room_move":{"date":"2026-06-08","new_days":["Mon","Tue"]}}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Wednesdays before the move are still charged: 20 May, 27 May and 3 Jun."
    ));
    // Off the weekday, outside the known days, or no weekday named: not supported.
    assert!(!ok(
        "Wednesdays before the move are still charged: 20 May, 28 May and 3 Jun."
    ));
    assert!(!ok(
        "Wednesdays before the move are still charged: 20 May and 17 Jun."
    ));
    assert!(!ok("Still charged: 20 May, 27 May and 3 Jun."));
    // A later date the answer states bounds the span too (that date is checked on its own).
    let ev = r#"{"child":"CH-1","as_of":"2026-05-14"}"#;
    let flagged = |a: &str| -> Vec<String> {
        crate::stage2::test_support::score(ev, a)
            .iter()
            .flat_map(|c| c.flagged_spans.iter().map(|f| f.text.clone()))
            .collect()
    };
    let listed = "Wednesdays before then are still charged: 20 May, 27 May and 3 Jun.";
    let with_end = flagged(&format!("From Friday 5 June you drop a day. {listed}"));
    assert!(
        !with_end.iter().any(|f| f.contains("May") || f == "3 Jun"),
        "{with_end:?}"
    );
    let alone = flagged(listed);
    assert!(alone.iter().any(|f| f == "27 May"), "{alone:?}");
}

#[test]
fn days_ago_from_a_stated_date_to_the_snapshot_day() {
    let ev = r#"{"req_id":"REQ-26-8514","as_of":"2026-03-27","candidates":[{"name":"Olusegun Bakare","last_activity":"2026-03-07","applied_on":"2026-02-11"},{"name":"Amaka Obi","last_activity":"2026-03-17","applied_on":"2026-03-01"}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Olusegun Bakare — last activity March 7th (20 days ago)"
    ));
    assert!(!ok(
        "Olusegun Bakare — last activity March 7th (16 days ago)"
    ));
    assert!(ok("Amaka Obi — last activity March 17th, 10 days ago"));
    // The date in parentheses after the count is the one it counts to, not an earlier
    // date of the sentence.
    assert!(ok(
        "Amaka Obi applied March 1st; last active 10 days ago (March 17th)."
    ));
    assert!(!ok(
        "Amaka Obi applied March 1st; last active 26 days ago (March 17th)."
    ));
    assert!(ok(
        "Amaka Obi — last activity 17.03.2026, i.e. 10 days back."
    ));
    assert!(!ok(
        "Amaka Obi — last activity 17.03.2026, i.e. 12 days back."
    ));
    // "i.e." ends no sentence; a date after "i.e." is the one counted to; a slashed date
    // is read either way round.
    assert!(ok(
        "Amaka Obi's last activity was on 2026-03-17, i.e. 10 days back."
    ));
    assert!(ok("Amaka Obi — last active 10 days ago, i.e. 17-Mar-2026."));
    assert!(!ok(
        "Amaka Obi — last active 11 days ago, i.e. 17-Mar-2026."
    ));
    assert!(ok(
        "Olusegun Bakare — last activity 07/03/2026 (20 days ago)."
    ));
    // A count not measured from today is left to the other checks.
    assert!(ok(
        "Amaka Obi applied on March 1st and was active 16 days later."
    ));
    // Days late count from the due date to the date stated.
    let loan =
        r#"{"as_of":"2026-03-13","loans":[{"title":"The Ninth Lantern","due_date":"2026-03-11"}]}"#;
    let ok = |a: &str| all_supported(loan, a);
    assert!(ok(
        "Returning it on Friday (20 March 2026) would make it 9 days late."
    ));
    assert!(!ok(
        "Returning it on Friday (20 March 2026) would make it 11 days late."
    ));
}

#[test]
fn the_day_after_tomorrow_is_named_from_today() {
    // The run is on 5 February 2026; the errand day is the 7th, a pickup is ready on the 11th.
    let ev = r#"{"date":"2026-02-07","errands":[{"place":"Keystone Hardware","ready_on":"2026-02-11"}]}"#;
    let mut run = crate::stage2::test_support::run(ev);
    run.start_unix_nano = 1_770_306_900_000_000_000;
    let ok = |a: &str| crate::stage2::test_support::all_supported_in(&run, a);
    assert!(ok(
        "For Sat 7 Feb (the day after tomorrow) you've got errands. Keystone Hardware won't have yours ready until Wed 11 Feb."
    ));
    assert!(!ok(
        "For Sun 8 Feb (the day after tomorrow) you've got errands. Keystone Hardware won't have yours ready until Wed 11 Feb."
    ));
}

#[test]
fn two_events_set_apart_by_days_agree_with_their_working() {
    use crate::report::FlagKind;
    use crate::stage2::test_support::flagged_as;
    let ev = r#"{"claim":{"claim_id":"DC-72163","reported_at":"2026-03-12T11:33:00-04:00","delivery":{"delivered_at":"2026-03-03T15:25:00-05:00"}}}"#;
    let flagged = |a: &str| flagged_as(ev, a, FlagKind::DirectionConflict);
    assert!(!flagged(
        "On the record: reported 9 days after delivery (Mar 3 → Mar 12 = 9 days)."
    ));
    assert!(flagged(
        "On the record: reported 9 days before delivery (Mar 3 → Mar 12 = 9 days)."
    ));
    // The working written the other way round orders the same dates.
    assert!(!flagged(
        "On the record: reported 9 days after delivery (Mar 12 → Mar 3 = 9 days)."
    ));
    // An event named by no date field leaves the relation open.
    assert!(!flagged(
        "On the record: reported 9 days before the survey (Mar 3 → Mar 12 = 9 days)."
    ));
}

#[test]
fn each_entry_of_a_timeline_names_the_field_of_its_date() {
    let ev = r#"{"order":{"placed":"2026-02-16"},"delivery":{"delivered_at":"2026-03-03T15:25:00-05:00"},"claim":{"reported_at":"2026-03-12T11:33:00-04:00"}}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Timeline — Feb 16 – order placed; Mar 3 – delivered 15:25; Mar 12 – cust. reported it by chat at 11:33."
    ));
    // The delivery entry given the report's date.
    assert!(!ok(
        "Timeline — Feb 16 – order placed; Mar 12 – delivered 15:25; Mar 12 – cust. reported it by chat at 11:33."
    ));
}
