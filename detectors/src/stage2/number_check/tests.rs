//! Unit tests of the number check.

use super::super::test_support::{all_supported, run_with, score};
use super::super::{DeterministicScorer, Scorer, Stage2Config};
use crate::report::{ClaimStatus, FlagKind};

#[test]
fn a_camel_case_field_is_named_by_its_words() {
    // `reservePct` is named by "reserve" like `reserve_pct`: the 98 of another field
    // (`stateOfHealthPct`) is not the reserve.
    let battery = r#"{"stateOfChargePct":24,"reservePct":20,"health":{"stateOfHealthPct":98}}"#;
    assert!(all_supported(battery, "**Backup reserve:** 20%"));
    let bad = score(battery, "**Backup reserve:** 98%");
    assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    assert_eq!(bad[0].flagged_spans[0].kind, FlagKind::NumberConflict);
}

#[test]
fn a_camel_case_identifier_field_names_its_record() {
    // `orderNumber` identifies its record like `order_number`: the total of another order
    // is no total of order 58213.
    let accounts =
        r#"{"orders":[{"orderNumber":58213,"total":42.0},{"orderNumber":77120,"total":19.5}]}"#;
    assert!(all_supported(accounts, "Order 58213 came to $42.00."));
    let bad = score(accounts, "Order 58213 came to $19.50.");
    assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_rate_held_as_a_fraction_is_stated_as_a_percent() {
    let loan = r#"{"rate":0.125,"term_months":36}"#;
    assert!(all_supported(loan, "The rate is 12.5%."));
    let bad = score(loan, "The rate is 15%.");
    assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn a_time_zone_abbreviation_is_no_name() {
    let ev = r#"{"start":"2026-03-04T14:00:00-05:00","host":"Dana Ruiz"}"#;
    assert!(all_supported(
        ev,
        "It starts at 2:00 PM ET on March 4 with Dana Ruiz."
    ));
    assert!(!all_supported(
        ev,
        "It starts at 2:00 PM ET with Dana Cruz."
    ));
}

#[test]
fn terse_console_formats() {
    // "7:45p" is a time, not a reference; a wrong one is still a wrong time.
    let game = r#"{"kickoff":"19:45","visit":"2026-03-17"}"#;
    assert!(all_supported(game, "Next game at 7:45p."));
    assert!(!all_supported(game, "Next game at 8:45p."));
    // A month/day a weekday names is a date; "3/4 of" stays a fraction.
    assert!(all_supported(game, "Next visit Tue 3/17."));
    assert!(!all_supported(game, "Next visit Tue 3/18."));
    // A rate per units written as a path is no reference.
    let storage = r#"{"rate_per_lot_day":15.0,"lots":3}"#;
    assert!(all_supported(
        storage,
        "Rate: $15.00/lot/day for your 3 lots."
    ));
}

#[test]
fn a_rank_and_a_gap_between_records() {
    let table = r#"{"teams":[{"name":"Kick Assets","won":4,"points":12},{"name":"Inter Nos","won":3,"points":9},{"name":"Net Gains","won":3,"points":9},{"name":"Hot Shots","won":1,"points":3}]}"#;
    // A rank within the list and the list it is of; a gap is no value of one record.
    assert!(all_supported(
        table,
        "Inter Nos: 2nd of 4 | 9 pts. Gap to 1st (Kick Assets): 3 pts."
    ));
    // Without the gap's label the 3 would be a value of Kick Assets' record, and wrong.
    assert!(!all_supported(table, "Kick Assets (1st): 3 pts."));
}

#[test]
fn a_rate_restated_per_another_period() {
    let plan = r#"{"weekly":12.0}"#;
    assert!(all_supported(plan, "That's $12 a week ($624 a year)."));
    assert!(!all_supported(plan, "That's $12 a week ($600 a year)."));
    let bond = r#"{"annual":765.2}"#;
    assert!(all_supported(bond, "All in: $765.20/yr, approx. $64/mo."));
    assert!(!all_supported(bond, "All in: $765.20/yr, approx. $85/mo."));
}

#[test]
fn containers_a_quantity_needs_at_a_stated_capacity() {
    let booking =
        r#"{"booked":true,"grade":"ASW1","est_tonnes":120.0,"max_tonnes_per_truck":38.0}"#;
    assert!(all_supported(
        booking,
        "120t of ASW1 — at 38t a truck that's 4 truckloads."
    ));
    assert!(!all_supported(
        booking,
        "120t of ASW1 — at 38t a truck that's 5 truckloads."
    ));
    // On a line a list marker opens, the first number is a quantity, not part of a date.
    assert!(all_supported(
        booking,
        "Booked:\n- 120t of ASW1 — at 38t a truck that's 4 truckloads"
    ));
    // The unit apart from the number.
    assert!(all_supported(
        booking,
        "120 t of ASW1 — at 38 t a truck that's 4 truckloads."
    ));
    assert!(!all_supported(
        booking,
        "120 t of ASW1 — at 38 t a truck that's 5 truckloads."
    ));
    // A capacity must be stated per container: "at 7 late arrivals" is none.
    assert!(!all_supported(
        booking,
        "120t of ASW1 at 38t, so 4 truckloads."
    ));
}

#[test]
fn the_result_of_arithmetic_written_out() {
    let bill = r#"{"bills":[{"period":"2026-01","amount":3140.0,"due_date":"2026-01-10"}],"interest_pct_pa":21,"visit_charge":450,"travel":80}"#;
    let flagged = |a: &str| -> Vec<String> {
        score(bill, a)
            .iter()
            .flat_map(|c| c.flagged_spans.iter().map(|f| f.text.clone()))
            .collect()
    };
    let interest = |r: &str| {
        flagged(&format!(
            "Jan-2026 bill of Rs. 3,140.00, due 10-Jan-2026: 78 days x 21% / 365 = Rs. {r}"
        ))
    };
    let right = interest("140.91");
    assert!(!right.iter().any(|f| f.contains("140.91")), "{right:?}");
    let wrong = interest("150.91");
    assert!(wrong.iter().any(|f| f.contains("150.91")), "{wrong:?}");
    assert!(all_supported(bill, "Charges: 2 x ₹450 + ₹80 = ₹980."));
    assert!(!all_supported(bill, "Charges: 2 x ₹450 + ₹80 = ₹1,080."));
}

#[test]
fn arithmetic_written_with_a_result_word() {
    // A result phrase stands for `=` ("comes to", "leaves"), a currency code between it and
    // the number passed over; a result the words' arithmetic does not yield stays flagged.
    let fees = r#"{"schedule":"2(2) Dog, not spayed: $60.00 | 2(3) Cat, spayed: $20.00 | 4(1) Late fee: $25.00 per animal | 5(1) Credit: $40.00","paid":150.0,"balance_due":450.0}"#;
    let sum = |r: &str| {
        format!("CAD 60.00 plus CAD 20.00 plus the CAD 25.00 late fee comes to CAD {r} for both.")
    };
    assert!(all_supported(fees, &sum("105.00")));
    assert!(!all_supported(fees, &sum("115.00")));
    assert!(all_supported(
        fees,
        "$450.00 less the $150.00 already paid less the $40.00 credit leaves $260.00."
    ));
    assert!(!all_supported(
        fees,
        "$450.00 less the $150.00 already paid less the $40.00 credit leaves $270.00."
    ));
}

#[test]
fn an_arrow_result_the_working_before_it_does_not_yield() {
    // "→" states a result as "=" does: a result the working does not yield is flagged, even
    // where the evidence holds it elsewhere (another field's 14).
    let pool = r#"{"product":"QuantaCAD","seats":50,"assigned":46,"pending_requests":14}"#;
    assert!(all_supported(
        pool,
        "QuantaCAD: 50 seats − 46 assigned → 4 free."
    ));
    let bad = score(pool, "QuantaCAD: 50 seats − 46 assigned → 14 free.");
    assert!(
        bad[0].flagged_spans.iter().any(|f| f.text.contains("14")),
        "{bad:?}"
    );
    // "/mo" is a rate's unit, not a quotient: no working to contradict.
    let unit = r#"{"unit":"OP-3076","web_rate_monthly":120.6,"promo":"50% off first month","total_4_months":451.1}"#;
    assert!(all_supported(
        unit,
        "OP-3076: $120.60/mo web rate, 50% off first month → $451.10 for 4 months."
    ));
}

#[test]
fn rupees_indian_grouping_and_dotted_dates() {
    let bill = r#"{"flat":"A-802","bills":[{"period":"2026-01","amount":125000.0,"due_date":"2026-01-10"},{"period":"2026-02","amount":4505.0,"due_date":"2026-02-10"}],"maintenance_pa":250000}"#;
    // "Rs." ends no sentence; rupees in every spelling; lakhs grouped and named.
    assert!(all_supported(
        bill,
        "The Jan-2026 bill of Rs. 1,25,000/- was due on 10.01.2026."
    ));
    assert!(all_supported(
        bill,
        "The Feb-26 bill is ₹4,505, due 10.02.2026."
    ));
    assert!(all_supported(bill, "Annual maintenance is INR 2.5 lakh."));
    // Wrong amounts, dates and periods are still flagged.
    assert!(!all_supported(
        bill,
        "The Jan-2026 bill of Rs. 1,35,000/- was due on 10.01.2026."
    ));
    assert!(!all_supported(
        bill,
        "The Jan-2026 bill of Rs. 1,25,000/- was due on 11.01.2026."
    ));
    assert!(!all_supported(bill, "The Mar-2026 bill is ₹4,505."));
    assert!(!all_supported(bill, "Annual maintenance is INR 3.5 lakh."));
}

#[test]
fn a_count_of_the_values_its_sentence_lists() {
    let loads = r#"{"grower":"GR-1","loads":[{"id":"L1","grade":"SFW1","screenings_pct":6.5},{"id":"L2","grade":"SFW1","screenings_pct":7.1},{"id":"L3","grade":"SFW1","screenings_pct":6.1},{"id":"L4","grade":"H2","screenings_pct":3.2}]}"#;
    assert!(all_supported(
        loads,
        "3 loads went to feed (SFW1), with screenings of 6.5%, 7.1% and 6.1%."
    ));
    // A count the list does not bear out is checked as before.
    assert!(!all_supported(
        loads,
        "2 loads went to feed (SFW1), with screenings of 6.5%, 7.1% and 6.1%."
    ));
    let days = r#"{"child":"CH-1","as_of":"2026-05-14","charged_days":[{"date":"2026-05-20","fee":92.5},{"date":"2026-05-27","fee":92.5},{"date":"2026-06-03","fee":92.5},{"date":"2026-06-10","fee":92.5}]}"#;
    assert!(all_supported(
        days,
        "You are still charged for 20 May, 27 May and 3 Jun (3 days)."
    ));
    assert!(!all_supported(
        days,
        "You are still charged for 20 May, 27 May and 3 Jun (2 days)."
    ));
    // Months listed, and a count written with a leading zero.
    let bills = r#"{"flat":"C-604","bills":[{"period":"2026-01","status":"unpaid"},{"period":"2026-02","status":"unpaid"},{"period":"2026-03","status":"unpaid"},{"period":"2025-12","status":"paid"}]}"#;
    assert!(all_supported(
        bills,
        "As on date, 03 bills are unpaid (January 2026, February 2026, March 2026)."
    ));
}

#[test]
fn times_written_with_a_dot_or_without_a_colon() {
    let day = r#"{"child":"CH-1","session":{"start":"07:00","end":"18:00"},"sign_ins":[{"date":"2026-02-02","in":"08:55","out":"16:44"}]}"#;
    assert!(all_supported(day, "On 2 February: 8.55am to 4.44pm."));
    assert!(all_supported(day, "On 2 February: 0855–1644."));
    assert!(all_supported(
        day,
        "Picked up at 1644, before the 1800 close."
    ));
    // A changed time is still a time the evidence does not hold.
    assert!(!all_supported(day, "On 2 February: 8.55am to 6.44pm."));
    assert!(!all_supported(day, "Picked up at 1944."));
    // Four digits glued into a code, or written as they are in the evidence, stay what
    // they are.
    let desk = r#"{"desk":"DK-SH-0426","opens":"08:00","era":"1500-1800"}"#;
    assert!(all_supported(desk, "Desk DK-SH-0426 is yours from 8:00."));
    assert!(all_supported(desk, "The collection covers 1500–1800."));
}

#[test]
fn a_tonne_glued_to_its_number_and_the_whole_a_part_is_of() {
    let grain = r#"{"contract":{"tonnes_contracted":130,"delivered_tonnes":65.4},"absences_used":15,"absences_allowed":42}"#;
    assert!(all_supported(
        grain,
        "Delivered 65.4t of the 130t contracted."
    ));
    assert!(!all_supported(
        grain,
        "Delivered 65.4t of the 150t contracted."
    ));
    assert!(all_supported(grain, "Absences: 15 of 42 used."));
    assert!(!all_supported(grain, "Absences: 15 of 44 used."));
}

#[test]
fn a_duration_is_no_conflict_with_an_amount_of_a_sibling() {
    let orders = r#"{"as_of":"2026-05-30T16:57:00+10:00","orders":[{"order_number":"PC716121","ready_since":"2026-04-22","total_aud":61.0},{"order_number":"PC764282","ready_since":"2026-05-14","total_aud":38.0}]}"#;
    assert!(all_supported(
        orders,
        "PC716121: ready since 22 Apr (38 days)."
    ));
    // The amount itself is still bound to its record.
    assert!(!all_supported(orders, "PC716121 comes to $38.00."));
}

#[test]
fn the_time_between_two_timestamps() {
    let lots = r#"{"as_of":"2026-03-16T19:30:00-05:00","lots":[{"id":"MCD26-0301","closes":"2026-03-18T20:15:00-05:00"},{"id":"MCD26-0302","closes":"2026-03-20T21:00:00-04:00"}]}"#;
    // 2 days, 45 minutes later: 48 hours 45 minutes; offsets move both to UTC (the second
    // closes 47 h 45 min after the first).
    assert!(all_supported(
        lots,
        "MCD26-0301 closes first, 48 hours 45 minutes after the update."
    ));
    assert!(all_supported(
        lots,
        "It closes about 49 hours out as of the last update."
    ));
    assert!(all_supported(
        lots,
        "MCD26-0301 closes 47 hrs 45 mins ahead of the other."
    ));
    assert!(!all_supported(
        lots,
        "MCD26-0301 closes 52 hrs 45 mins ahead of the other."
    ));
}

#[test]
fn a_number_nothing_places_is_not_a_conflict() {
    // No value, no field its words name, no computation gives 7.25: not found, which is
    // not the conflict of a value bound to another.
    let order = r#"{"order_id":"ORD-1","total":129.5,"items":3}"#;
    let c = score(order, "Shipping adds $7.25.");
    assert_eq!(c[0].status, ClaimStatus::Unsupported, "{c:?}");
    assert_eq!(c[0].flagged_spans[0].kind, FlagKind::NumberNotInEvidence);
    // Localized to the number, like a contradicted one.
    assert_eq!((c[0].start, c[0].end), (14, 19), "{c:?}");
}

#[test]
fn totals_of_numbers_written_as_strings() {
    let pay = r#"{"checks":[{"gross":"1200.50","net":900.1},{"gross":"1100.25","net":850.0},{"gross":"1300.00","net":950.3}]}"#;
    assert!(all_supported(pay, "Gross so far: $3,600.75"));
    let bad = score(pay, "Gross so far: $3,610.75");
    assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn the_rest_of_a_list() {
    let recs = r#"{"recommendations":[{"id":"r-1","saving":"310.20"},{"id":"r-2","saving":"125.40"},{"id":"r-3","saving":"64.05"}]}"#;
    assert!(all_supported(
            recs,
            "r-1 saves $310.20 a month. The other 2 recommendations would save another $189.45 combined."
        ));
    let bad = score(
            recs,
            "r-1 saves $310.20 a month. The other 5 recommendations would save another $189.45 combined.",
        );
    assert_eq!(bad[1].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn a_number_the_text_states_with_its_noun() {
    let att =
        r#"{"late_arrivals":2,"policy":"A warning letter is sent at 7 late arrivals in a year."}"#;
    assert!(all_supported(
        att,
        "A warning letter is sent at 7 late arrivals in a year."
    ));
    assert!(all_supported(
            att,
            "You have 2 late arrivals; the letter comes at 7 late arrivals, so you are 5 arrivals short of it."
        ));
    assert!(!all_supported(
            att,
            "You have 2 late arrivals; the letter comes at 7 late arrivals, so you are 4 arrivals short of it."
        ));
}

#[test]
fn the_lower_bound_of_a_range_counts_nothing() {
    // Six records, two of them holding "7": the "-7" after the 5 is the range's upper
    // bound, not the value 5 records would hold.
    let shop = r#"{"variants":[{"size":"7"},{"size":"8"},{"size":"9"},{"size":"7"},{"size":"10"},{"size":"11"}],"policy":"Refunds take 5 to 7 business days."}"#;
    assert!(all_supported(
        shop,
        "Your money is back within 5-7 business days."
    ));
    assert!(all_supported(
        shop,
        "Your money is back within 5 – 7 business days."
    ));
    let bad = score(shop, "Your money is back within 97-99 business days.");
    assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn the_whole_of_a_part_and_a_fraction() {
    let wo = r#"{"wo_id":"WO-243275","tasks":[{"task":"Replace vacuum pump","est_hours":6.0,"status":"complete"},{"task":"Oil change","est_hours":0.8,"status":"open"},{"task":"Re-torque bolts","est_hours":6.0,"status":"open"}],"parts":[{"part_number":"48-6539","qty":1},{"part_number":"72-4288","qty":4}]}"#;
    // Five records under one parent: "complete" held by 1 of them is no count of the list.
    assert!(all_supported(wo, "WO-243275: 1 of 3 tasks complete."));
    let bad = score(wo, "WO-243275: 1 of 4 tasks complete.");
    assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    // The denominator of a fraction is the whole; the noun counts the numerator.
    let study = r#"{"study_id":"AC-19","enrollment":{"target":24,"screened":23,"randomized":15}}"#;
    assert!(all_supported(study, "AC-19 is at 15/24 randomized."));
    assert!(!all_supported(study, "AC-19 is at 15/25 randomized."));
}

#[test]
fn a_count_whose_value_is_the_word_after_it() {
    let mel = r#"{"tail_number":"N8705","deferrals":[{"deferral_id":"DEF-4065","item":"Autopilot altitude hold","status":"open"},{"deferral_id":"DEF-8541","item":"Fuel gauge","status":"open"},{"deferral_id":"DEF-1481","item":"Strobe light","status":"closed"}]}"#;
    assert!(all_supported(
        mel,
        "N8705 has 2 open deferrals (plus one closed strobe-light item)."
    ));
    let bad = score(
        mel,
        "N8705 has 1 open deferral (plus one closed strobe-light item).",
    );
    assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn numbers_a_field_name_states_and_percents_between_named_fields() {
    let study = r#"{"study_id":"AC-19","enrollment":{"target":24,"randomized":15},"randomized_last_8_weeks":5}"#;
    assert!(all_supported(
        study,
        "Pace: 5 randomized in the last 8 weeks."
    ));
    assert!(!all_supported(
        study,
        "Pace: 5 randomized in the last 9 weeks."
    ));
    let units = r#"{"units":[{"unit_id":"BK-3292","standard_rate":54.0,"web_rate":48.6},{"unit_id":"BK-3249","standard_rate":46.0,"web_rate":41.4}]}"#;
    assert!(all_supported(
        units,
        "The web rate is 10% below the standard rate ($46.00 for that unit)."
    ));
    // 15 % is only the standard rate of one unit against the other's.
    assert!(!all_supported(
        units,
        "The web rate is 15% below the standard rate ($46.00 for that unit)."
    ));
}

#[test]
fn a_modifier_before_the_counted_noun() {
    let permit = r#"{"inspections":[{"kind":"footing","requires":["survey"]},{"kind":"frame","requires":["footing"]},{"kind":"roof","requires":["frame"]},{"kind":"final","requires":["roof"]}]}"#;
    assert!(all_supported(permit, "There are 4 required inspections."));
    let bad = score(permit, "There are 5 required inspections.");
    assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
}

#[test]
fn total_and_mean_of_durations_between_two_clock_fields() {
    let visits = r#"{"visits":[{"date":"2026-03-02","checkIn":"18:05","checkOut":"19:17"},{"date":"2026-03-04","checkIn":"07:40","checkOut":"08:30"},{"date":"2026-03-06","checkIn":"23:30","checkOut":"00:40"}]}"#;
    // 72 + 50 + 70 = 192 minutes; mean 64.
    assert!(all_supported(
        visits,
        "Your average session was 64 minutes."
    ));
    assert!(all_supported(visits, "Total time: 192 minutes."));
    assert!(!all_supported(
        visits,
        "Your average session was 95 minutes."
    ));
}

#[test]
fn si_prefixed_units_scale_the_base_unit() {
    let power = r#"{"siteId":"S-1","powerW":{"solar":4908,"home":1714,"grid":-5966}}"#;
    assert!(all_supported(power, "Solar is producing 4.9 kW right now."));
    assert!(all_supported(power, "The home is drawing 1.7 kW."));
    assert!(!all_supported(
        power,
        "Solar is producing 5.8 kW right now."
    ));
    assert!(!all_supported(
        power,
        "Solar is producing 4.8 kW right now."
    ));
    let disk = r#"{"volume":"v-1","used_bytes":2684354560,"latency_s":0.25}"#;
    assert!(all_supported(disk, "The volume holds 2.5 GB."));
    assert!(all_supported(disk, "Reads take 250 ms."));
    assert!(!all_supported(disk, "The volume holds 3.5 GB."));
    assert!(!all_supported(disk, "Reads take 350 ms."));
}

#[test]
fn units_of_one_quantity_convert() {
    let tyres = r#"{"vehicle":"FL-1","tyre_pressure_kpa":{"front_left":420,"rear_left":375}}"#;
    assert!(all_supported(
        tyres,
        "The rear left tyre is at 375 kPa (54 psi)."
    ));
    assert!(!all_supported(
        tyres,
        "The rear left tyre is at 375 kPa (58 psi)."
    ));
    let tank = r#"{"vehicle":"FL-1","tank_capacity_l":93,"wheelbase_cm":280}"#;
    assert!(all_supported(tank, "The tank holds about 24.6 gallons."));
    assert!(!all_supported(tank, "The tank holds 30.6 gallons."));
}

#[test]
fn areas_and_the_unit_of_a_range() {
    let units = r#"{"units":[{"unit_id":"BK-3292","sq_ft":25,"floor":3},{"unit_id":"BK-3249","sq_ft":25,"floor":1}]}"#;
    assert!(all_supported(units, "BK-3292 has 25 sq ft (2.3 m²)."));
    assert!(!all_supported(units, "BK-3292 has 25 sq ft (3.7 m²)."));
    let kits = r#"{"study_id":"VRD-221","storage_range_c":[2,8]}"#;
    assert!(all_supported(kits, "Kits stay at 2–8 °C (35.6–46.4 °F)."));
    assert!(!all_supported(kits, "Kits stay at 2–8 °C (25.6–46.4 °F)."));
}

#[test]
fn a_percent_of_the_sum_of_two_evidence_values() {
    let loan = r#"{"loan":"L-1","principal":1811.05,"interest":437.49,"escrow":395.73,"late_charge_pct":4}"#;
    assert!(all_supported(
        loan,
        "A late charge of 4% of principal and interest ($89.94) applies after the grace period."
    ));
    assert!(!all_supported(
        loan,
        "A late charge of 4% of principal and interest ($99.94) applies after the grace period."
    ));
}

#[test]
fn scales_and_worked_examples() {
    let acct = r#"{"health_score":44,"arr":125000}"#;
    assert!(all_supported(acct, "Health: 44/100."));
    assert!(all_supported(acct, "Health is 44 out of 100."));
    assert!(!all_supported(acct, "Health: 47/100."));
    let fees = r#"{"atm_fee_flat":2.5,"daily_limit":800}"#;
    assert!(all_supported(
        fees,
        "For example, withdrawing $300 would cost the $2.50 flat fee."
    ));
    assert!(!all_supported(
        fees,
        "For example, withdrawing $300 would cost the $3.75 flat fee."
    ));
}

#[test]
fn rates_shares_and_pence() {
    let quote = r#"{"dtp_hours": 3, "dtp_rate_eur_per_hour": 45.0, "eur_gbp_rate": 0.8537,
            "annual_cap_m3": 60000.0, "used_m3": 4000.0, "charge_gbp_per_m3": 0.026}"#;
    // "hours" is counted by "three": the number after "at" is its rate, not its count.
    assert!(all_supported(
        quote,
        "Layout work (DTP) adds three hours at 45,00 €, so 135,00 €."
    ));
    assert!(!all_supported(
        quote,
        "Layout work (DTP) adds three hours at 54,00 €, so 162,00 €."
    ));
    // Two currencies make an exchange rate, not the unit of a rate in one of them.
    assert!(all_supported(quote, "The DTP rate is €45."));
    assert!(!all_supported(quote, "The exchange rate is 0.8573."));
    // A share of one value in another.
    assert!(all_supported(
        quote,
        "You've used 4,000 m³ of your 60,000 m³ cap, which is about 7%."
    ));
    assert!(!all_supported(
        quote,
        "You've used 4,000 m³ of your 60,000 m³ cap, which is about 17%."
    ));
    // Pence.
    assert!(all_supported(quote, "The charge is 2.6p per m³."));
    assert!(!all_supported(quote, "The charge is 3.6p per m³."));
    // A statistic over the records is no value of one of them.
    let fleet = r#"{"vehicles":[{"vehicle_id":"FL-8107","odometer_km":140213},{"vehicle_id":"FL-3728","odometer_km":114657},{"vehicle_id":"FL-5013","odometer_km":30180},{"vehicle_id":"FL-2816","odometer_km":222646},{"vehicle_id":"FL-2630","odometer_km":71013},{"vehicle_id":"FL-9476","odometer_km":142211}]}"#;
    assert!(all_supported(
            fleet,
            "Highest mileage is FL-2816 at 222,646 km, well above the depot average of about 120,000 km."
        ));
    // Without it the value is the named record's.
    assert!(!all_supported(fleet, "FL-2816 is at about 120,000 km."));
    // An operand of arithmetic the answer writes out, with its result.
    let pay = r#"{"employee":"E-1","annual_salary":64500,"gross_pay":"2480.77","fine":{"per_day":"0.30"}}"#;
    assert!(all_supported(
        pay,
        "**Earnings:** salary of $2,480.77 for the period ($64,500 a year ÷ 26)."
    ));
    assert!(!all_supported(
        pay,
        "**Earnings:** salary of $2,480.77 for the period ($64,500 a year ÷ 24)."
    ));
    assert!(all_supported(pay, "**Estimated fine:** $2.70 (9 × $0.30)."));
    assert!(!all_supported(
        pay,
        "**Estimated fine:** $2.70 (7 × $0.30)."
    ));
    // A value exactly halfway between two cents may be rounded either way.
    let loan =
        r#"{"breakdown":{"principal":"1505.88","interest":"806.62"},"late_charge":{"pct":"5"}}"#;
    for fee in ["$115.62", "$115.63"] {
        assert!(all_supported(
            loan,
            &format!("5% of your $2,312.50 of principal and interest is {fee}.")
        ));
    }
    assert!(!all_supported(
        loan,
        "5% of your $2,312.50 of principal and interest is $115.61."
    ));
}

#[test]
fn compound_nouns_and_the_users_own_numbers() {
    // "desk" modifies "days": the count is of days (19 bookings), not of `desk_credits`.
    let booking = |credits: u32| format!(r#"{{"site": "leith", "credits": {credits}}}"#);
    let bookings: Vec<String> = (0..19)
        .map(|i| booking(if i < 4 { 2 } else { 1 }))
        .collect();
    let usage = format!(
        r#"{{"desk_credits": 20, "bookings": [{}]}}"#,
        bookings.join(",")
    );
    let usage = usage.as_str();
    assert!(all_supported(
        usage,
        "You booked 19 desk days and used 23 credits."
    ));
    assert!(!all_supported(usage, "You used 19 desk credits."));
}

#[test]
fn the_users_own_number_with_its_noun() {
    use super::super::{DeterministicScorer, Scorer, Stage2Config};
    use crate::run::ToolCall;
    // "Flex 10" names a plan that holds no 22; "about 22" is near a sibling's 20 credits.
    // The user gave the 22 desk days: a number with its noun in the user's words.
    let plans = r#"{"plans": [
            {"code": "flex_10", "name": "Flex 10", "monthly_fee_gbp": 129.0, "desk_credits": 10, "meeting_room_hours": 4},
            {"code": "flex_20", "name": "Flex 20", "monthly_fee_gbp": 219.0, "desk_credits": 20, "meeting_room_hours": 8}],
            "overage_rate_gbp_per_credit": 12.5}"#;
    let member = r#"{"member_id": "HM-83364", "plan": {"code": "flex_10", "name": "Flex 10",
            "monthly_fee_gbp": 129.0, "desk_credits": 10, "meeting_room_hours": 4}}"#;
    let mut run = super::super::test_support::run(plans);
    run.tool_calls.push(ToolCall {
        id: "call_2".into(),
        name: "get_member".into(),
        result: Some(member.into()),
        ..Default::default()
    });
    let answer = "At about 22 desk days a month, staying on Flex 10 would cost you £279.00 a \
                      month: the £129.00 fee plus twelve extra credits at £12.50 each.";
    let scorer = DeterministicScorer::new(Stage2Config::default());
    let supported = |run: &crate::run::AgentRun| {
        scorer
            .score(run, answer)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    run.user_input = "HM-83364: I use roughly 22 desk days a month. Compare the plans.".into();
    assert!(supported(&run));
    // The compound's head is what the user counted: "22 days".
    run.user_input = "HM-83364: I'm in about 22 days a month. Compare the plans.".into();
    assert!(supported(&run));
}

#[test]
fn a_percent_of_one_amount_after_a_long_list() {
    // Nine amounts before the total: the one the VAT is taken of must not be crowded out
    // of the bases by sums of the others.
    let quote = r#"{"targets": [{"lang": "PL", "words": 7450, "rate": 0.14},
            {"lang": "NL", "words": 4200, "rate": 0.13}], "dtp_hours": 4, "dtp_rate": 45.0,
            "vat_pct": 21}"#;
    let answer = "Rates: 0,14 €, 0,13 €, 0,12 €, 0,11 €, 45,00 €, 3,00 €, 2,00 €. Lines: \
                      1.043,00 €, 546,00 €, 180,00 €. All told, the net total is 1.769,00 €, and with 21% VAT that's \
                      2.140,49 €.";
    let claims = score(quote, answer);
    let last = claims.last().unwrap();
    assert!(
        last.flagged_spans.iter().all(|f| f.text != "2.140,49 €"),
        "{last:?}"
    );
    let wrong = answer.replace("2.140,49", "2.410,49");
    let claims = score(quote, &wrong);
    assert!(claims
        .last()
        .unwrap()
        .flagged_spans
        .iter()
        .any(|f| f.text == "2.410,49 €"));
}

#[test]
fn a_weighted_sum_of_one_records_fields() {
    let quote = r#"{"targets": [{"lang": "PL", "words_new": 6200, "words_fuzzy": 1800,
            "words_repeat": 1400, "rate": 0.14}], "fuzzy_pct": 50, "repeat_pct": 25}"#;
    let text = |n: &str| {
        format!(
            "New words are charged in full, fuzzy matches at 50% and repetitions at 25%. \
                 Polish comes to {n} weighted words."
        )
    };
    assert!(all_supported(quote, &text("7,450")));
    assert!(!all_supported(quote, &text("7,540")));
}

#[test]
fn every_line_of_a_priced_list() {
    // Each line is a quantity the answer states times a price it states; the third
    // line's product must not be crowded out by sums built on the first.
    let quote = r#"{"targets": [{"lang": "DE", "rate": 0.13}, {"lang": "NL", "rate": 0.14},
            {"lang": "IT", "rate": 0.12}], "dtp_hours": 4, "dtp_rate": 45.0}"#;
    let answer = "- German: 8,620 words at 0,13 € = 1.120,60 €\n\
                      - Dutch: 3,320 words at 0,14 € = 464,80 €\n\
                      - Italian: 9,160 words at 0,12 € = 1.099,20 €\n\
                      Layout adds four hours at 45,00 €, so 180,00 €. The net total is \
                      2.864,60 €.";
    let claims = score(quote, answer);
    assert!(
        claims.iter().all(|c| c
            .flagged_spans
            .iter()
            .all(|f| f.text.ends_with("words") || !f.text.contains('€'))),
        "{claims:?}"
    );
    let wrong = answer.replace("1.099,20", "1.909,20");
    assert!(score(quote, &wrong)
        .iter()
        .any(|c| c.flagged_spans.iter().any(|f| f.text == "1.909,20 €")));
}

#[test]
fn the_amount_of_a_change_is_a_difference() {
    // "26 March" names the first reading; 3.5 is another reading's rain, and the drop
    // from 28.7 to 25.2.
    let soil = r#"{"readings": [{"date": "2026-03-26", "moisture_pct": 28.7, "rain_mm": 6.0},
            {"date": "2026-04-01", "moisture_pct": 25.2, "rain_mm": 3.5}]}"#;
    assert!(all_supported(
        soil,
        "It has dropped by 3.5 points (from 28.7% on 26 March 2026)."
    ));
    assert!(!all_supported(
        soil,
        "It had 3.5 mm of rain (and 28.7% moisture) on 26 March 2026."
    ));
}

#[test]
fn a_count_of_the_records_a_stated_sum_adds_up() {
    let inv = r#"{"lots": [{"lot": "L1", "kits": 14, "status": "available"},
            {"lot": "L2", "kits": 8, "status": "available"},
            {"lot": "L3", "kits": 3, "status": "quarantined"},
            {"lot": "L4", "kits": 9, "status": "available"}]}"#;
    assert!(all_supported(inv, "Usable kits: 31 across 3 lots."));
    assert!(!all_supported(inv, "Usable kits: 31 across 2 lots."));
}

#[test]
fn a_period_in_a_leading_label_is_its_scope() {
    let inv = r#"{"lots": [{"lot": "L1", "kits": 14, "expiry": "2027-01-17"}],
            "reorder_threshold_kits": 10}"#;
    assert!(all_supported(inv, "Lots expiring within 60 days: none."));
    // Not in a label: a period the answer reports.
    assert!(!all_supported(inv, "The lots expire within 60 days."));
    // A field the label names still judges it.
    let policy = r#"{"expiry_window_days": 30, "lots": [{"lot": "L1", "kits": 14}]}"#;
    assert!(!all_supported(policy, "Expiry window of 60 days: none."));
}

#[test]
fn working_in_parentheses_multiples_rate_bases_and_selections() {
    let stores = r#"{"watch_line_pct":85,"stores":[{"store":"Caen","net_sales":648210,"target":813400},{"store":"Lyon","net_sales":702000,"target":700000},{"store":"Bonn","net_sales":512000,"target":640000},{"store":"Reims","net_sales":900000,"target":880000}]}"#;
    // The working shown after a number, within the rounding of its operands.
    let caen = r#"{"store":"Caen","net_sales":648210,"target":813400}"#;
    assert!(all_supported(
        caen,
        "Caen: 79.7% (€648K ÷ €813K) of target."
    ));
    assert!(!all_supported(
        caen,
        "Caen: 69.7% (€648K ÷ €813K) of target."
    ));
    let fee =
        r#"{"tech_fee_per_store_month":450,"months":3,"stores":["Caen","Lyon","Bonn","Reims"]}"#;
    assert!(all_supported(fee, "Technology fee: €5,400 (€450 × 4 × 3)."));
    assert!(!all_supported(
        fee,
        "Technology fee: €6,400 (€450 × 4 × 3)."
    ));
    // A multiple of a quantity the answer stated before.
    let cpl = r#"{"campaigns":[{"name":"A","spend":1000.0,"leads":20},{"name":"B","spend":3000.0,"leads":40}]}"#;
    let threshold = |a: &str| {
        score(cpl, a)
            .into_iter()
            .find(|c| c.text.starts_with("Threshold"))
            .map(|c| c.status)
    };
    let median = "Median CPL: $62.50.\nThreshold: 1.5x the median = ";
    assert_eq!(
        threshold(&format!("{median}$93.75")),
        Some(ClaimStatus::Supported)
    );
    assert_ne!(
        threshold(&format!("{median}$97.75")),
        Some(ClaimStatus::Supported)
    );
    // The base of a rate, and the size of a selection.
    let roas = r#"{"spend":449000,"revenue":1566010}"#;
    assert!(all_supported(roas, "Each $1 of spend brought back $3.49."));
    assert!(all_supported(stores, "Top 3 stores:"));
    // A count of the records beyond a threshold the claim states: the ratio of two fields.
    assert!(all_supported(
        stores,
        "2 stores are below the 85% watch line."
    ));
    assert!(!all_supported(
        stores,
        "3 stores are below the 85% watch line."
    ));
}

#[test]
fn a_negated_value_of_a_record_and_a_count_bought_at_a_unit_cost() {
    let sites = r#"{"month":"2026-03","sites":[{"name":"Science Centre","visits":10574,"open_days":31},{"name":"Observatory","visits":24134,"open_days":28}]}"#;
    assert!(all_supported(
        sites,
        "Observatory didn't have the full 31 opening days."
    ));
    let bad = score(sites, "Observatory had the full 31 opening days.");
    assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    // A sum of money over a cost per unit the sentence states, approximately.
    let ads = r#"{"campaigns":[{"name":"A","spend":19947.99,"leads":448,"monthly_budget":24000}],"new_budget":20000}"#;
    let impact = |n: &str| {
        score(
            ads,
            &format!("At the period's CPL of £44.53, the £4k cut is ~{n} leads a month fewer."),
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(impact("90"));
    assert!(!impact("120"));
}

#[test]
fn a_share_in_parentheses_after_its_part_and_whole() {
    let budget =
        r#"{"campaign":"Customer Stories","spend":58110.5,"monthly_budget":63000,"ratio":1.04}"#;
    let pacing = |p: &str| {
        score(
            budget,
            &format!("Pacing: it has spent €58.1K of the current €63K budget in the period ({p})."),
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(pacing("92%"));
    // Another share is wrong even where some evidence value could make it.
    assert!(!pacing("104%"));
    // A share of something else, written with its noun, is not read as this one.
    let sites = r#"{"sites":[{"name":"A","visits":750},{"name":"B","visits":150},{"name":"C","visits":100}],"up":["A","B"]}"#;
    assert!(all_supported(
        sites,
        "2 of 3 sites were up (90% of visits)."
    ));
}

#[test]
fn new_arithmetic_forms_slice_on_character_boundaries() {
    // Multi-byte signs right where the forms are read: no panic, and the forms still hold.
    let cpl = r#"{"campaigns":[{"name":"A","spend":1000.0,"leads":20},{"name":"B","spend":3000.0,"leads":40}]}"#;
    let out = score(
        cpl,
        "Median CPL: $62.50 — mid-range.\nThreshold: 1.5× the median = $93.75 — 2× ROAS—(×)",
    );
    assert!(!out.is_empty());
    let series =
        r#"{"months":[{"month":"2026-03","sales":245600},{"month":"2026-04","sales":267000}]}"#;
    for a in [
        "**In short:** Springfield — $267K in April 2026 — up 8.7% MoM.",
        "Sales—up 8.7%—to $267K (×1.087) ÷ (–) … £ (€ ÷ 2)",
        "2 stores are below — the 85% — watch line (€58.1K of the €63K budget (92%))",
    ] {
        assert!(!score(series, a).is_empty());
    }
    assert!(all_supported(series, "$267K in April 2026, up 8.7% MoM."));
    let bad = score(series, "$267K in April 2026, down 8.7% MoM.");
    assert!(bad
        .iter()
        .flat_map(|c| c.flagged_spans.clone())
        .any(|f| f.kind == FlagKind::DirectionConflict));
}

#[test]
fn a_named_median_of_a_ratio_of_two_fields() {
    let ads = r#"{"campaigns":[{"name":"A","spend":1000.0,"leads":20},{"name":"B","spend":3000.0,"leads":40},{"name":"C","spend":900.0,"leads":10}]}"#;
    // CPL per campaign: 50, 75, 90 — median 75, mean 71.67.
    assert!(all_supported(
        ads,
        "**Median CPL:** $75.00 across the 3 campaigns."
    ));
    assert!(all_supported(ads, "That is an average CPL of $71.67."));
    assert!(!all_supported(
        ads,
        "**Median CPL:** $72.00 across the 3 campaigns."
    ));
}

#[test]
fn a_superlative_ranked_by_a_ratio_of_two_fields() {
    let ads = r#"{"campaigns":[{"name":"Win-back","spend":1007.0,"leads":100},{"name":"Retargeting","spend":11386.0,"leads":100},{"name":"Search","spend":3000.0,"leads":100}]}"#;
    let ranked = |w: &str| {
        score(
            ads,
            &format!(
                "Win-back had the {w} CPL at $10.07, while Retargeting was the weakest at $113.86."
            ),
        )
        .iter()
        .flat_map(|c| c.flagged_spans.clone())
        .any(|f| f.kind == FlagKind::DirectionConflict)
    };
    assert!(!ranked("lowest"));
    assert!(ranked("highest"));
}

#[test]
fn a_total_over_the_records_holding_a_value_the_sentence_names() {
    let ev = r#"{"orders":[{"order":"PC844364","status":"collected","items":3},{"order":"PC809129","status":"collected","items":4},{"order":"PC519816","status":"ready","items":5},{"order":"PC698508","status":"ready","items":2}]}"#;
    assert!(all_supported(
        ev,
        "You've got 2 orders ready and waiting (7 items all up)."
    ));
    assert!(all_supported(ev, "The collected orders held 7 items."));
    assert!(!all_supported(
        ev,
        "You've got 2 orders ready and waiting (8 items all up)."
    ));
    // The sentence must name the value the records hold.
    assert!(!all_supported(
        ev,
        "You've got 2 orders waiting (7 items all up)."
    ));
}

#[test]
fn a_part_of_a_whole_the_answer_states() {
    let ev = r#"{"loads":[{"ticket":"T1","grade":"SFW1","site":"Pinnaroo"},{"ticket":"T2","grade":"SFW1","site":"Loxton"},{"ticket":"T3","grade":"H2","site":"Lameroo"},{"ticket":"T4","grade":"SFW1","site":"Karoonda"}]}"#;
    assert!(all_supported(
        ev,
        "It's 3 loads of your 4 at that grade this season."
    ));
    assert!(all_supported(ev, "1 of 4 loads was H2."));
    // No value is held by exactly 2 of the 4 loads.
    assert!(!all_supported(
        ev,
        "It's 2 loads of your 4 at that grade this season."
    ));
}

#[test]
fn the_number_of_a_label_the_evidence_writes() {
    let ev = "# Flammable Liquids Storage Policy (Revision 4)\nEffective: 2025-06-06. Replaces Revision 3.\nRevision 3 allowed 25 L outside a cabinet; now 18 L.";
    assert!(all_supported(
        ev,
        "That's lower than before: Revision 3 allowed 25 L."
    ));
    // A label the evidence does not write is judged as any number.
    assert!(!all_supported(
        ev,
        "That's lower than before: Revision 2 allowed 25 L."
    ));
}

#[test]
fn a_number_the_agent_sent_as_the_argument_its_noun_names() {
    use crate::run::{AgentRun, ToolCall};
    let call = |id: &str, args: &str, result: &str| ToolCall {
        id: id.into(),
        name: "request_waste_collection".into(),
        arguments: Some(args.into()),
        result: Some(result.into()),
        ..Default::default()
    };
    let run = AgentRun {
        user_input: "Book a collection for 13 containers".into(),
        tool_calls: vec![
            call(
                "c1",
                r#"{"lab_id":"LAB-C214","containers":13}"#,
                r#"{"status":"not_accepted","reason_code":"CONTAINER_LIMIT","max_containers":8}"#,
            ),
            call(
                "c2",
                r#"{"lab_id":"LAB-C214","containers":8}"#,
                r#"{"status":"accepted","containers":8,"collection_ref":"WC-1","date":"2026-06-01"}"#,
            ),
        ],
        ..Default::default()
    };
    let check = |answer: &str| {
        use crate::stage2::Scorer;
        crate::stage2::score::DeterministicScorer::new(crate::stage2::Stage2Config::default())
            .score(&run, answer)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(check(
        "The request for 13 containers was refused, so I booked 8 containers."
    ));
    assert!(!check(
        "The request for 14 containers was refused, so I booked 8 containers."
    ));
}

#[test]
fn a_spaced_m_without_a_currency_is_metres() {
    let ev = "2.2 The same intervals apply before travelling above 300 m altitude: the drive up (195 m) is fine.\n3.1 Advanced divers: 30 m. Revenue: $2.5m.";
    assert!(all_supported(
        ev,
        "The same intervals apply before going above 300 m altitude."
    ));
    assert!(all_supported(
        ev,
        "Afterwards you can dive to 30 m on guided trips."
    ));
    assert!(!all_supported(
        ev,
        "Afterwards you can dive to 40 m on guided trips."
    ));
    // With a currency, or glued, "m" is millions.
    let ev = r#"{"revenue_usd":2500000,"users":3200000}"#;
    assert!(all_supported(ev, "Revenue was $2.5 m."));
    assert!(all_supported(ev, "The app has 3.2m users."));
}

#[test]
fn thousands_grouped_by_dots_or_spaces_in_an_answer_with_decimal_commas() {
    let ev = r#"{"washes": 7276, "previous": 7284, "logs_m3": 1642.2, "eggs": 188684}"#;
    // Decimal commas elsewhere in the answer: "7.276" is seven thousand, "1 642,2" one number.
    assert!(all_supported(
        ev,
        "Chain total: 7.276 washes (−0,1 % on 7.284). Logs: 1 642,2 m³ and 188 684 eggs."
    ));
    assert!(!all_supported(
        ev,
        "Chain total: 7.267 washes (−0,1 % on 7.284)."
    ));
    // Without decimal commas a dot is a decimal point.
    assert!(!all_supported(ev, "Chain total: 7.276 washes."));
}

#[test]
fn a_query_result_of_columns_and_rows_is_read_as_records() {
    let ev = r#"{"columns": ["site", "iso_week", "washes"], "rows": [["Gent Dampoort", "2026-W05", 746], ["Düsseldorf Bilk", "2026-W05", 654]], "row_count": 2}"#;
    // A total over a column, and each row's value bound to its site.
    assert!(all_supported(ev, "Chain total: 1,400 washes in week 5."));
    assert!(!all_supported(ev, "Chain total: 1,500 washes in week 5."));
    assert!(!all_supported(ev, "Gent Dampoort had 654 washes."));
    // A week the evidence does not write.
    assert!(!all_supported(ev, "Chain total: 1,400 washes in week 7."));
}

#[test]
fn a_table_header_and_code_spans_are_no_missing_content() {
    let ev = "Bay 3 was down for 45 minutes in total; the wash arm jammed twice.";
    let table =
        "| Bay | Downtime (min) | Main fault |\n|---|---|---|\n| 3 | 45 | wash arm jammed |";
    assert!(score(ev, table).iter().all(|c| c
        .flagged_spans
        .iter()
        .all(|f| f.kind != FlagKind::ContentNotCovered)));
    // A row without a rule under it is no header: its words are judged.
    assert!(score(
        ev,
        "| Bay | Downtime (min) | Main fault |\n| 3 | 45 | wash arm jammed |"
    )
    .iter()
    .any(|c| c
        .flagged_spans
        .iter()
        .any(|f| f.kind == FlagKind::ContentNotCovered)));
    assert!(score(
        ev,
        "Bay 3 was down for 45 minutes (see `mart.bay_downtime`)."
    )
    .iter()
    .all(|c| c
        .flagged_spans
        .iter()
        .all(|f| f.kind != FlagKind::ContentNotCovered)));
}

#[test]
fn a_dotted_day_and_month_after_a_weekday_is_a_date() {
    let ev = r#"{"days": [{"date": "2026-04-24", "eggs": 15701}, {"date": "2026-04-28", "eggs": 16630}]}"#;
    assert!(all_supported(
        ev,
        "Weakest day: Fri 24.04., 15 701 eggs (90,9 %)."
    ));
    assert!(!all_supported(
        ev,
        "Weakest day: Fri 25.04., 15 701 eggs (90,9 %)."
    ));
}

#[test]
fn a_csv_export_is_read_as_records() {
    let ev = "# export programme_mix | W16\nProgramma;Prijs (EUR);Aantal;Omzet netto (EUR)\nBasis;9,50;274;2.603,00\nPremium;14,50;387;5.611,50\nDeluxe;19,90;161;3.203,90\n";
    // A total over a column of the export.
    assert!(all_supported(
        ev,
        "Net revenue: EUR 11.418,40 over 822 washes (Premium 47,1 %)."
    ));
    assert!(!all_supported(
        ev,
        "Net revenue: EUR 11.481,40 over 822 washes."
    ));
}

#[test]
fn a_label_names_what_its_value_counts_and_the_noun_after_is_the_unit() {
    // "Deaths: 32 hens": the `deaths` column totals 32; the `hens` column is the unit's field,
    // not what is counted.
    let days = r#"{"columns":["date","hens","eggs","deaths"],"rows":[["2026-05-05",31233,27112,9],["2026-05-06",31224,27921,2],["2026-05-07",31222,26711,7],["2026-05-08",31215,27614,14]]}"#;
    assert!(all_supported(days, "- Deaths: 32 hens over the four days"));
    let bad = score(days, "- Deaths: 35 hens over the four days");
    assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
    // A key-value table's row labels its value as "Deaths:" does.
    let row =
        |n: u32| format!("| Item | Value |\n|---|---|\n| Deaths | {n} hens over the four days |\n");
    assert!(all_supported(days, &row(32)));
    assert!(!all_supported(days, &row(35)));
    // Without a label, the counted noun still names its field.
    assert!(!all_supported(
        days,
        "The flock lost 32 hens and kept 9 hens."
    ));
}

#[test]
fn a_ratio_is_restated_in_the_unit_a_field_name_gives_another_size_of() {
    // 19,781 kg of feed for 146,865 eggs is 0.1347 kg, 134.7 g, per egg.
    let week = r#"{"columns":["iso_week","eggs","feed_kg"],"rows":[["2026-W24",146865,19781],["2026-W23",151437,19606]]}"#;
    assert!(all_supported(week, "Feed in week 24 was 134.7 g per egg."));
    assert!(all_supported(
        week,
        "| Week | Eggs | Feed/egg (g) |\n|---|---|---|\n| 2026-W24 | 146,865 | 134.7 |"
    ));
    assert!(!all_supported(week, "Feed in week 24 was 136.2 g per egg."));
    // No change of unit: the ratio is not scaled.
    assert!(!all_supported(
        week,
        "Feed in week 24 was 134.7 kg per egg."
    ));
}

#[test]
fn a_share_in_parentheses_reads_the_answer_s_number_format() {
    // "1.136" groups thousands in an answer that writes decimals with a comma.
    let week = r#"{"site":"Den Bosch","washes":1136,"premium":405}"#;
    assert!(all_supported(
        week,
        "Premium was the most-booked programme: 405 of 1.136 washes (35,7 %)."
    ));
    let bad = score(
        week,
        "Premium was the most-booked programme: 405 of 1.136 washes (38,7 %).",
    );
    assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
}

#[test]
fn a_parenthesis_after_a_counted_noun_is_not_its_head() {
    // "7 sites (week 20 → week 21 …)": `week` does not head the counted noun, so the
    // `washes_week` values are not what 7 is judged by.
    let weeks = r#"{"params":{"week":"2026-W21","prev_week":"2026-W20"},"columns":["site","washes_prev_week","washes_week"],"rows":[["Aachen",1025,1068],["Gent",1386,1322],["Bilk",1271,1375]]}"#;
    assert!(all_supported(
        weeks,
        "Chain total: 3765 washes across 3 sites (week 20 → week 21: 3682 → 3765)."
    ));
    // A word that follows the noun directly still heads it ("the 6 required inspections").
    let permit = r#"{"inspections":[{"type":"framing","passed":true},{"type":"electrical","passed":true},{"type":"final","passed":false}]}"#;
    assert!(all_supported(
        permit,
        "2 of the 3 required inspections have passed."
    ));
    assert!(!all_supported(
        permit,
        "2 of the 5 required inspections have passed."
    ));
}

#[test]
fn a_result_of_the_answers_own_working_stated_elsewhere() {
    let ev = r#"{"opening_balance":607,"movements":[{"type":"issue","qty":480},{"type":"issue","qty":24},{"type":"return","qty":96},{"type":"return","qty":240},{"type":"return","qty":24}],"rate_per_day":0.045}"#;
    let working = "Issued 504, returned 360.\nBalance: 607 opening + 504 − 360 = 751 pallets.\n**Daily hire:** 751 × $0.045 = $33.80";
    assert!(all_supported(
        ev,
        &format!("You hold 751 pallets, costing $33.80 a day in hire.\n{working}")
    ));
    // A result the working does not yield supports nothing.
    let wrong = working.replace("= 751 pallets", "= 761 pallets");
    assert!(!all_supported(
        ev,
        &format!("You hold 761 pallets.\n{wrong}")
    ));
    assert!(!all_supported(
        ev,
        &format!("You hold 9,751 pallets, costing $33.80 a day in hire.\n{working}")
    ));
}

#[test]
fn an_amount_that_is_a_count_of_its_line_times_a_rate() {
    let ev = r#"{"opening_balance":1607,"collected":168,"rate_per_day":0.045}"#;
    let table = |held: &str, hire: &str| {
        format!("| Item | Count (pallets) | Hire per day (USD) |\n|:---|---:|---:|\n| Held now | {held} | {hire} |\n")
    };
    assert!(all_supported(ev, &table("1,775", "79.88")));
    assert!(!all_supported(ev, &table("1,775", "81.88")));
}

#[test]
fn a_number_its_sentence_cites_a_section_for() {
    let ev = "STANDARD\n2.3 Units more than 10 days past their monthly inspection go on the owner report (the day threshold).\n2.4 Rate: 14.00 per unit.";
    let rec = r#"{"units":[{"unit_id":"FE-92125","size_lb":5,"days_late":11}]}"#;
    let ok = |a: &str| crate::stage2::test_support::all_supported_by(&[rec, ev], a);
    assert!(ok(
        "`FE-92125` is past the 10-day threshold in §2.3, so it goes on the owner report."
    ));
    assert!(!ok(
        "`FE-92125` is past the 37-day threshold in §2.3, so it goes on the owner report."
    ));
}

#[test]
fn a_count_of_the_things_a_lists_records_name_by_id() {
    let building = r#"{"units":[{"unit_id":"FE-1"},{"unit_id":"FE-2"},{"unit_id":"FE-3"},{"unit_id":"FE-4"},{"unit_id":"FE-5"}]}"#;
    let booking = r#"{"status":"booked","booking_id":"SV-433465","lines":[{"unit_id":"FE-1","rate":35.75},{"unit_id":"FE-2","rate":35.75}]}"#;
    let ok = |a: &str| crate::stage2::test_support::all_supported_by(&[building, booking], a);
    assert!(ok("Service visit `SV-433465` booked, 2 units."));
    assert!(ok("The building has 5 units."));
    assert!(!ok("Service visit `SV-433465` booked, 3 units."));
}

#[test]
fn a_record_named_by_its_whole_long_name() {
    // "Sanctions" alone names the UK list's record (a word of its three-word name); the claim
    // names the EU list by its whole five-word name, and 93 is that record's score.
    let ev = r#"{"case_id":"SCR-1","hits":[{"hit_id":"HIT-1","list":"UK Sanctions List","score":66},{"hit_id":"HIT-2","list":"EU Consolidated Financial Sanctions List","score":93}]}"#;
    assert!(all_supported(
        ev,
        "The hit against the EU Consolidated Financial Sanctions List scored 93%."
    ));
    // (66, the UK list's score, is not told apart yet: "sanctions list" also mentions the UK
    // record, and a mentioned record's value is never called another's.)
}

#[test]
fn days_between_two_dates_the_sentence_states() {
    let ev = r#"{"vendor":"V-1","last_audit":"2025-11-07","as_of":"2026-04-17"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Between April 17, 2026 and November 7, 2027 there are five hundred sixty-nine (569) days."
    ));
    assert!(ok(
        "There are 569 days between April 17, 2026 and November 7, 2027."
    ));
    assert!(!ok(
        "There are 596 days between April 17, 2026 and November 7, 2027."
    ));
}

#[test]
fn a_result_its_written_arithmetic_does_not_yield() {
    let ev = r#"{"gallons":1250,"rate":0.38,"cylinders":5,"per_cylinder":25,"other_total":595}"#;
    let ok = |a: &str| crate::stage2::test_support::all_supported(ev, a);
    assert!(ok("Est. 1,250 gal × $0.38 = $475"));
    assert!(!ok("Est. 1,250 gal × $0.38 = $595"));
    assert!(ok("5 cyl × $25 = $125"));
    assert!(!ok("5 cyl × $25 = $50"));
}

#[test]
fn framing_words_around_supported_record_values_are_no_addition() {
    let record = r#"{"sample": "S-12", "fat_pct": 6.3, "fat_min_pct": 3.5, "ticket": "PC986707", "branch": "Northcote"}"#;
    let policy = "Milk is paid at the base price when its fat is at least 3.5 percent. Below that \
        the price is cut by two cents a litre for each tenth of a point, and samples are retested \
        once when the tanker driver asks for it.";
    let coverage = |answer: &str| {
        let claims = DeterministicScorer::new(Stage2Config::default())
            .score(&run_with(&[record, policy]), answer);
        claims.iter().any(|c| {
            c.flagged_spans
                .iter()
                .any(|f| f.kind == FlagKind::ContentNotCovered)
        })
    };
    // Anchored on the record's values, the answer's own framing word is no new content.
    assert!(!coverage("The fat of 6.3% was well over the floor."));
    // Mostly new content stays an addition, anchored or not.
    assert!(coverage(
        "Sample S-12 was collected by our senior driver using a chilled steel tanker."
    ));
    assert!(coverage("Retests usually take three working days."));
    // Without records (prose only), the stricter rule of prose answers holds.
    let prose_only = DeterministicScorer::new(Stage2Config::default())
        .score(&run_with(&[policy]), "The fat of 3.5 percent is fine.");
    assert!(prose_only.iter().any(|c| c
        .flagged_spans
        .iter()
        .any(|f| f.kind == FlagKind::ContentNotCovered)));
}

#[test]
fn a_label_naming_one_field_with_all_its_words_is_judged_by_that_field() {
    let order = r#"{"order_id":"SO-13434","added_cost":21.75,"new_subtotal":129.6,"delivery_fee":12.5,"new_total":142.1}"#;
    let supported = |a: &str| crate::stage2::test_support::all_supported(order, a);
    assert!(supported("New total: GBP 142.10"));
    // A sibling field's value, however computable, is no value of this one.
    assert!(!supported("New total: GBP 129.60"));
    assert!(supported("New subtotal: GBP 129.60"));
    // Not the label's whole value: the field does not decide.
    assert!(supported("New total: GBP 129.60 before the GBP 12.50 fee"));
}

#[test]
fn what_an_option_costs_for_the_request() {
    let run = crate::stage2::test_support::run_with_call(
        "10 lessons around M14, who's best?",
        "search_instructors",
        r#"{"postcode_area":"M14","lessons":10}"#,
        r#"{"results":[{"name":"Ace Lane School","price_per_lesson":55,"registration_fee":40,"rating":4.2},{"name":"Mirror Signal Tuition","price_per_lesson":40,"registration_fee":35,"rating":4.3},{"name":"Roundabout Driving","price_per_lesson":41,"registration_fee":35,"rating":4.4}]}"#,
    );
    let check = |answer: &str| crate::stage2::test_support::all_supported_in(&run, answer);
    // Rate × the count asked for, plus the option's own charge; the difference of two.
    assert!(check("Ace Lane School comes to £590 for the block."));
    assert!(check(
        "Mirror Signal Tuition works out £155 cheaper than Ace Lane School."
    ));
    // The difference in the direction the comparative reverses.
    assert!(!check(
        "Ace Lane School works out £155 cheaper than Mirror Signal Tuition."
    ));
    // Another option's quote is not this one's.
    assert!(!check("Ace Lane School comes to £445 for the block."));
    assert!(!check(
        "Mirror Signal Tuition works out £212 cheaper than Ace Lane School."
    ));
}

#[test]
fn what_an_option_costs_at_a_rate_of_two_units() {
    // A rate per person per hour times the guests and the hours asked for; a period rate
    // ("nightly_rate") times the nights.
    let run = crate::stage2::test_support::run_with_call(
        "A boat for 6 of us, 3 hours, and a room for 2 nights?",
        "search_charters",
        r#"{"guests":6,"hours":3,"nights":2}"#,
        r#"{"results":[{"name":"Blue Heron","price_per_person_per_hour":17.5,"fuel_surcharge":25,"rating":4.6},{"name":"Sea Lark","price_per_person_per_hour":21.25,"fuel_surcharge":30,"rating":4.8}],"hotels":[{"name":"Harbour Inn","nightly_rate":139.5},{"name":"Quay House","nightly_rate":161.25}]}"#,
    );
    let check = |answer: &str| crate::stage2::test_support::all_supported_in(&run, answer);
    assert!(check("Blue Heron comes to $315.00 for the trip."));
    assert!(check(
        "Blue Heron comes to $340.00 with the fuel surcharge."
    ));
    assert!(check("Harbour Inn comes to $279.00 for the stay."));
    // Another option's quote is not this one's.
    assert!(!check("Blue Heron comes to $382.50 for the trip."));
}

#[test]
fn arithmetic_written_after_a_clause_and_with_words() {
    let ev = r#"{"price_per_trip":80,"meet_greet_fee":15,"total":375,"passengers":6}"#;
    assert!(all_supported(
        ev,
        "Split between 6 passengers, the total comes to $375 ÷ 6 = $62.50 per person."
    ));
    assert!(!all_supported(
        ev,
        "Split between 6 passengers, the total comes to $375 ÷ 6 = $72.50 per person."
    ));
    assert!(all_supported(
        ev,
        "For the shuttle: 2 × $80 = $160, plus the $15 meet-and-greet fee = $175 in total."
    ));
}

#[test]
fn a_number_against_the_section_its_sentence_cites() {
    let ev = "SERVICE TERMS — Harbor Shuttle Co\n\n2.2 Bookings cancelled at least 24 hours before pickup are refunded in full.\n3.1 Tolls are included.";
    assert!(all_supported(
        ev,
        "Under Harbor Shuttle Co's terms (term 2.2), you can cancel free of charge up to 24 hours before pickup."
    ));
    assert!(!all_supported(
        ev,
        "Under Harbor Shuttle Co's terms (term 2.2), you can cancel free of charge up to 96 hours before pickup."
    ));
}
