//! Unit tests of the item checks.

use crate::report::ClaimStatus;
use crate::stage2::test_support::{all_supported, score, RESULT};

#[test]
fn day_month_dates_and_a_weekday_with_a_day_of_the_month() {
    let ev = r#"{"order":"PC1","promised":"2026-02-20T17:00:00+11:00","next_run":"2026-03-31"}"#;
    assert!(all_supported(
        ev,
        "The order was promised for 5.00pm this Fri (20/2)."
    ));
    assert!(all_supported(ev, "Your delivery is now 31/3 (next Tue)."));
    assert!(all_supported(ev, "It was promised for Friday 20th."));
    // A day the evidence does not hold, or whose weekday does not fit, is not supported.
    assert!(!all_supported(
        ev,
        "The order was promised for this Sat (21/2)."
    ));
    assert!(!all_supported(ev, "It was promised for Saturday 20th."));
}

#[test]
fn list_markers_auxiliaries_and_plural_weekdays_are_no_names() {
    let ev = r#"{"suburb":"Northcote","run_days":["Tue","Fri"],"rescheduled":true}"#;
    assert!(all_supported(ev, "– Was Friday, now it is Northcote."));
    assert!(all_supported(ev, "The van only goes Tuesdays and Fridays."));
    assert!(all_supported(ev, "So I've checked Northcote."));
    // A name the evidence does not hold is still one.
    assert!(!all_supported(
        ev,
        "The van only goes to Brunswick on Tuesdays."
    ));
}

#[test]
fn the_plural_of_an_acronym() {
    let orders = r##"{"user_id":"sofia_li_9219","orders":[{"order_id":"#W8855135"},{"order_id":"#W3792453"}]}"##;
    assert!(all_supported(
        orders,
        "Here are the order IDs associated with your account: #W8855135 and #W3792453."
    ));
    assert!(!all_supported(
        orders,
        "Here are the order SKUs associated with your account: #W8855135 and #W3792453."
    ));
}

#[test]
fn identifiers_of_the_tool_declarations() {
    use crate::span::ToolDefinition;
    use crate::stage2::test_support::run;
    use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
    let mut r = run(RESULT);
    r.tool_definitions = vec![ToolDefinition {
        name: "get_order".into(),
        description: Some("Look up an order by its id, such as '#W0000000'.".into()),
        parameters: None,
    }];
    let supported = |a: &str| {
        DeterministicScorer::new(Stage2Config::default())
            .score(&r, a)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    // The source an answer cites is the tool it called.
    assert!(supported("ORD-1001 has shipped [get_order]."));
    assert!(!supported("ORD-1001 has shipped [get_invoice]."));
    // The format example of the tool's description.
    assert!(supported("An order id looks like #W0000000."));
    assert!(!supported("An order id looks like #W0000001."));
}

#[test]
fn acronyms_formulas_and_plural_codes_of_the_evidence() {
    let tax = r#"{"adjusted_gross_income":52000,"documents":[{"form":"W-2","employer":"Acme"},{"form":"W-2","employer":"Beta"}],"co2_avoided_kg":522}"#;
    assert!(all_supported(tax, "Your AGI is $52,000."));
    assert!(!all_supported(tax, "Your MAGI is $52,000."));
    assert!(all_supported(tax, "You have 2 W-2s on file."));
    assert!(!all_supported(tax, "You have 2 W-9s on file."));
    assert!(all_supported(tax, "That avoided about 522 kg of CO₂."));
}

#[test]
fn a_field_the_sentence_names_holds_the_number() {
    let log = r#"{"visitCount":"20","weeklyGoal":2,"visits":[{"date":"2026-02-04","club":"Harborside"},{"date":"2026-02-09","club":"Westfield"}]}"#;
    assert!(all_supported(
        log,
        "Your weekly goal is 2 visits, so you're on track."
    ));
    assert!(!all_supported(
        log,
        "Your weekly goal is 3 visits, so you're on track."
    ));
}

#[test]
fn labels_lead_ins_summaries_and_closers_are_not_judged_by_their_words() {
    let doc = "Servicing terms. 4.2 Only one late charge is assessed for each overdue payment. 6.1 Claims must be submitted within 30 days.";
    let ok = |a: &str| all_supported(doc, a);
    assert!(ok(
        "**How often:** only one late charge per overdue payment (section 4.2)."
    ));
    assert!(ok("A couple of practical points:"));
    assert!(ok("Hope this clears things up!"));
    assert!(ok("Here's a quick rundown."));
    assert!(ok("So in short: one late charge per overdue payment."));
    // The words of a claim are still judged.
    assert!(!ok(
        "Late charges are waived for autopay customers enrolled before spring."
    ));
}

#[test]
fn fabricated_identifier_scores_below_block() {
    let c = score(RESULT, "Your tracking number is 1Z999AA10123456784.");
    assert!(c[0].score < 0.4, "{c:#?}");
    assert!(c[0].critical);
}

#[test]
fn swapped_entity_and_unperformed_action() {
    let c = score(RESULT, "It shipped with FedEx Ground.");
    assert_eq!(c[0].status, ClaimStatus::Unsupported, "{c:#?}");
    let c = score(RESULT, "I have cancelled the order for you.");
    assert_eq!(c[0].status, ClaimStatus::Unsupported, "{c:#?}");
    // A name with an initial is one name.
    let visit =
        r#"{"visit":{"technician":"Tyrone B.","vendor":"ApplianceFix Pro","date":"2026-02-09"}}"#;
    assert!(all_supported(
        visit,
        "It is scheduled: Tyrone B. from ApplianceFix Pro is coming."
    ));
    assert!(!all_supported(
        visit,
        "It is scheduled: Sam W. from ApplianceFix Pro is coming."
    ));
}

#[test]
fn a_counted_noun_names_a_field_only_with_all_its_words() {
    use crate::stage2::number_check::names_field;
    use crate::stage2::terms::normalize_terms;
    let s = |t: &str| normalize_terms(t);
    assert!(names_field(
        "comments",
        "comments",
        &s("It has 15 comments.")
    ));
    assert!(names_field(
        "comment_count",
        "comments",
        &s("It has 15 comments.")
    ));
    assert!(names_field(
        "numComments",
        "comments",
        &s("It has 15 comments.")
    ));
    assert!(!names_field(
        "action_items",
        "items",
        &s("The doc lists 3 items.")
    ));
    assert!(names_field(
        "action_items",
        "items",
        &s("The doc lists 3 action items.")
    ));
    assert!(names_field(
        "price_difference",
        "difference",
        &s("The price difference is $12.")
    ));
    assert!(!names_field(
        "price",
        "difference",
        &s("a difference of $12")
    ));
    // A field the claim does not name cannot contradict it; one it names can.
    let ev = r#"{"title":"Planning","agenda":["Budget","Hiring","Roadmap"],"action_items":[{"owner":"a"},{"owner":"b"},{"owner":"c"},{"owner":"d"},{"owner":"e"}]}"#;
    assert!(all_supported(ev, "The agenda lists 3 items."));
    assert!(score(ev, "There are 4 action items.")
        .iter()
        .any(|c| c.status != ClaimStatus::Supported));
}

#[test]
fn the_last_digits_of_an_identifier_are_no_quantity() {
    let ev = r#"{"cards":[{"card_id":"crd_88","last4":"3692","limit":3000,"balance":632}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Your card ending 3692 has expired."));
    assert!(ok("The card ending in 3692 is blocked."));
    // 3632 = 3000 + 632, yet the last digits of a card are copied, never computed.
    assert!(!ok("Your card ending 3632 has expired."));
    assert!(!ok("It is the Visa ending with 3632."));
}

#[test]
fn numbers_computed_from_the_answers_own_numbers_and_periods() {
    let ev = r#"{"employee":"E-77","annual_leave_available":18,"request":{"from":"2026-11-02","to":"2026-11-13"},"holidays":[{"name":"Diwali","date":"2026-11-09"}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("November 2 to November 13 would use 9 leave days, because Diwali (Mon, Nov 9) is a public holiday and weekends don't count."));
    assert!(ok(
        "You have 18 days available and the trip takes 9 days, so you'd have 9 left."
    ));
    assert!(ok("**Nov 2 – 13**: 9 working days off."));
    assert!(!ok("November 2 to November 13 would use 7 leave days, because Diwali (Mon, Nov 9) is a public holiday."));
    assert!(!ok(
        "You have 18 days available and the trip takes 9 days, so you'd have 11 left."
    ));
    // A count the evidence names a field for: the difference of two stated numbers,
    // never a coincidental one of two evidence values.
    let sched = r#"{"sections":[{"course":"CS 2110","credits":4},{"course":"HIST 2500","credits":3}],"enrolled_credits":15,"max_credits":20}"#;
    let ok = |a: &str| all_supported(sched, a);
    assert!(ok(
        "You're enrolled in 15 credits, 5 credits under the 20-credit cap."
    ));
    assert!(!ok(
        "You're enrolled in 15 credits, 7 credits under the 20-credit cap."
    ));
    assert!(!ok(
        "You're enrolled in 15 credits and have 1 credits of room."
    ));
    // A number that is part of a labeled value is not the label's value.
    let tablet = r#"{"items":[{"name":"Tablet","options":{"screen_size":"8-inch","storage":"128GB"}},{"name":"Laptop","options":{"screen_size":"15-inch"}}],"size":3}"#;
    assert!(all_supported(tablet, "**Item**: 8-inch, 128GB tablet"));
    assert!(all_supported(tablet, "Screen size: 15-inch"));
    // A percent is not judged by an amount the label names.
    let policy = r#"{"policy":{"dwelling_limit":420000},"loss_of_use":{"text":"up to 20% of the dwelling limit"}}"#;
    assert!(all_supported(
        policy,
        "- **Limit:** 20% of your dwelling limit, that's up to $84,000"
    ));
    // Not any difference of two stated numbers: one must be the named field's value.
    let bal = r#"{"balances":[{"leave_type":"annual","entitlement":28,"used":8,"available":17}]}"#;
    assert!(!all_supported(
        bal,
        "- Working days off needed: 8\n- Public holidays in that window: 1\n- Annual leave available: 8\n\nYou'd have 9 days left after this trip."
    ));
}

#[test]
fn numbers_written_as_strings_are_their_fields_values() {
    let ev = r#"{"legs":[{"train":"ICE 9113","coach":3,"seats":["58","46","32"]}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("ICE 9113, coach 3, seats 58, 46, 32."));
    assert!(!ok("ICE 9113, coach 3, seats 57, 46, 32."));
}

#[test]
fn the_week_of_a_term_counted_from_its_start() {
    let ev =
        r#"{"term":"2026FA","classes_start":"2026-08-24","drop_deadline":"2026-10-05","weeks":15}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Drop without a W by Monday, October 5 (week 7 of the term)."
    ));
    assert!(ok("Classes start August 24 (day 1 of the term)."));
    assert!(!ok(
        "Drop without a W by Monday, October 5 (week 9 of the term)."
    ));
}

#[test]
fn dates_and_amounts_computed_from_what_the_claim_states() {
    let ev = r#"{"lease":{"id":"L-1","end_date":"2026-10-31","notice_days":60},"subtotal":2632.00,"discount_pct":20,"currency":"GBP"}"#;
    let ok = |a: &str| all_supported(ev, a);
    // 60 days before 2026-10-31.
    assert!(ok(
        "The lease requires notice at least 60 days before the end, so by Tuesday, September 1."
    ));
    assert!(!ok(
        "The lease requires notice at least 60 days before the end, so by Tuesday, September 8."
    ));
    // 20 % of the subtotal, and the subtotal after it.
    assert!(ok(
        "The 20% partner discount takes off £526.40, so you pay £2,105.60."
    ));
    assert!(!ok("The 20% partner discount takes off £562.40."));
}

#[test]
fn a_bill_computed_in_steps_from_what_the_answer_states() {
    let ev = r#"{"subscription_id":"sub_1","seats":{"purchased":18,"assigned":16},"unit_amount":24.0,"currency":"GBP","add_ons":[{"name":"Priority support","amount":250.0},{"name":"SSO & SCIM","amount":150.0}],"discount":{"percent_off":20}}"#;
    let ok = |a: &str| all_supported(ev, a);
    // (18 × £24.00 + £250.00 + £150.00) × 0.8, the add-ons only named.
    assert!(ok("It renews for £665.60 before tax: 18 seats at £24.00 per seat, plus 2 add-ons (Priority support, SSO & SCIM), minus your 20% discount."));
    assert!(!ok("It renews for £656.60 before tax: 18 seats at £24.00 per seat, plus 2 add-ons (Priority support, SSO & SCIM), minus your 20% discount."));
    // The parts listed: the discount is 20 % of their sum, the total what is left.
    let lines = "- 18 seats × £24.00 = £432.00\n- Priority support: £250.00\n- SSO & SCIM: £150.00\n- 20% partner discount: −£166.40\n\n**Total:** £665.60";
    assert!(ok(lines));
    assert!(!ok(&lines.replace("£665.60", "£685.60")));
    assert!(!ok(&lines.replace("£166.40", "£146.40")));
}

#[test]
fn the_operands_of_a_computation_are_the_numbers_stated_near_it() {
    // Twenty numbers in a table before the rate and the hours: the operands are the
    // numbers nearest the result, not the answer's first sixteen.
    let ev = r#"{"wo_id":"WO-1","labor_rate_usd":135.0,"tasks":[{"task":"Brakes","est_hours":3.5,"status":"open"},{"task":"Wiring","est_hours":3.5,"status":"open"}]}"#;
    let table: String = (1..=10)
        .map(|i| format!("| Item {i} | {}.5 h | ${}.00 |\n", i + 10, i * 7 + 100))
        .collect();
    let answer = |total: &str| {
        format!("WO-1 so far:\n\n{table}\nThe shop rate is $135/h. Still open: 7.0 h estimated, so {total} more labor if it lands on estimate.")
    };
    let flagged = |a: &str| {
        score(ev, a)
            .iter()
            .flat_map(|c| c.flagged_spans.iter().map(|f| f.text.clone()))
            .collect::<Vec<_>>()
    };
    assert!(!flagged(&answer("$945")).contains(&"$945".to_owned()));
    assert!(flagged(&answer("$954")).contains(&"$954".to_owned()));
    // "approx." is an approximation word.
    assert!(!flagged(&answer("approx. $950")).contains(&"$950".to_owned()));
}

#[test]
fn superlatives_and_side_by_side_comparisons_against_the_values() {
    let ev = r#"{"transactions":[{"merchant":"Cava","amount":64.59},{"merchant":"Tatte","amount":14.37},{"merchant":"Shell","amount":120.0}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    // Ranked among the values the answer mentions (an answer about some of the rows).
    assert!(ok("The largest was $64.59 at Cava. Tatte was $14.37."));
    assert!(ok("The largest was $120.00 at Shell."));
    assert!(!ok(
        "The largest was $14.37 at Tatte. The $64.59 charge at Cava is pending."
    ));
    assert!(ok(
        "The smallest was $14.37 at Tatte. The $64.59 charge at Cava is pending."
    ));
    let q = r#"{"current":{"open":5600000},"previous":{"open":9600000}}"#;
    let ok = |a: &str| all_supported(q, a);
    assert!(ok(
        "This quarter has less open pipeline ($5.6 million vs $9.6 million)."
    ));
    assert!(!ok(
        "This quarter has more open pipeline ($5.6 million vs $9.6 million)."
    ));
}

#[test]
fn a_long_number_may_be_part_of_an_identifier() {
    let ev = r#"{"payment_methods":[{"id":"credit_card_7455506","brand":"visa"}],"total":129.5}"#;
    assert!(all_supported(
        ev,
        "It goes back to the Visa card ending in 7455506."
    ));
    // Part of a longer number is not the same digits.
    assert!(score(ev, "It goes back to the card ending in 745550.")
        .iter()
        .any(|c| c.status != ClaimStatus::Supported));
}

#[test]
fn a_negated_status_is_about_the_record_it_names() {
    let ev = r##"{"orders":[{"order_id":"#W1001","status":"delivered"},{"order_id":"#W1002","status":"pending"}]}"##;
    let ok = |a: &str| all_supported(ev, a);
    // Unnamed: one order is pending, so "not delivered" may be about it.
    assert!(ok("Your order hasn't been delivered yet."));
    assert!(ok("Order #W1002 hasn't been delivered yet."));
    assert!(!ok("Order #W1001 hasn't been delivered yet."));
    // The status of another order than the one named.
    assert!(!ok("Order #W1001 is pending."));
    assert!(ok("Order #W1002 is pending."));
    // A condition states no status.
    assert!(ok(
        "Order #W1002 ships in a day or two if it's delivered to the hub first."
    ));
    assert!(!ok("Order #W1002 was delivered."));
    assert!(ok("Order #W1001 was delivered and #W1002 is pending."));
    // A sentence of the evidence that says it negated.
    let policy = r#"{"clauses":[{"id":"5.1","text":"Untaken leave is not paid out except on termination."}]}"#;
    assert!(all_supported(
        policy,
        "Unused leave isn't paid out unless you leave."
    ));
    // "None" negates too.
    let none = r#"{"shipments":[{"id":"SHP-1","status":"in_transit"},{"id":"SHP-2","status":"out_for_delivery"}]}"#;
    assert!(score(
        none,
        "- SHP-1 — in transit\n\nNone have been delivered yet."
    )
    .iter()
    .all(|c| c.status == ClaimStatus::Supported));
    // The sentence names the record it is about by that record's own status.
    let tax = r#"{"return_id":"TR-2025-1J6WY5","federal":{"efile_status":"accepted","accepted_at":"2026-06-16T09:28:00Z","refund":{"amount":"451.79","status":"sent"}},"state":{"state":"GA","efile_status":"pending","balance_due":{"amount":"37.30","due_date":"2026-04-15"}}}"#;
    assert!(all_supported(
        tax,
        "**Georgia:** The state return is still pending — it hasn't been accepted yet."
    ));
    // Without it, the main records decide.
    assert!(!all_supported(tax, "Your return hasn't been accepted yet."));
    // One record only: the evidence decides.
    let one = r##"{"order_id":"#W1001","status":"delivered"}"##;
    assert!(score(one, "Your order hasn't been delivered yet.")
        .iter()
        .any(|c| c.status != ClaimStatus::Supported));
}

#[test]
fn statuses_a_tool_declares_are_a_family() {
    use crate::span::ToolDefinition;
    use crate::stage2::test_support::run;
    use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
    let mut r = run(r#"{"incident_id":"INC-20417","status":"acknowledged","priority":"high"}"#);
    r.tool_definitions = vec![ToolDefinition {
        name: "list_incidents".into(),
        description: None,
        parameters: Some(serde_json::json!({"type": "object", "properties": {
            "status": {"type": "string", "enum": ["triggered", "acknowledged", "resolved", "all"]},
            "priority": {"type": "string", "enum": ["low", "medium", "high"]}}})),
    }];
    let scorer = DeterministicScorer::new(Stage2Config::default());
    let ok = |a: &str| {
        scorer
            .score(&r, a)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(ok("INC-20417 is acknowledged and has high priority."));
    assert!(!ok("INC-20417 is resolved."));
    assert!(!ok("The incident's status is triggered."));
    // Ordinary words outside a status frame are not statuses.
    assert!(ok(
        "INC-20417 was acknowledged; the resolved dashboards look fine."
    ));
    assert!(ok("Low latency was reported for INC-20417."));
    // The enum of an array's items is a multi-select: its values go together.
    let mut r = run(
        r#"{"card_number":"21234","loans":[{"title":"Quiet Engines"}],"fines":{"balance":"0.00"}}"#,
    );
    r.tool_definitions = vec![ToolDefinition {
        name: "get_patron_account".into(),
        description: None,
        parameters: Some(serde_json::json!({"type": "object", "properties": {
            "include": {"type": "array", "items": {"type": "string", "enum": ["loans", "holds", "fines"]}}}})),
    }];
    assert!(scorer
        .score(&r, "There are no fines on your card.")
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
}

#[test]
fn a_paraphrase_of_a_declared_status_is_not_judged_by_it() {
    use crate::span::ToolDefinition;
    use crate::stage2::test_support::run;
    use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
    let mut r = run(
        r#"{"invoices":[{"id":"INV-1","status":"past_due","amount":1118.63},{"id":"INV-2","status":"paid","amount":80.0}]}"#,
    );
    r.tool_definitions = vec![ToolDefinition {
        name: "list_invoices".into(),
        description: None,
        parameters: Some(serde_json::json!({"type": "object", "properties": {
            "status": {"type": "string", "enum": ["draft", "open", "paid", "past_due", "void"]}}})),
    }];
    let scorer = DeterministicScorer::new(Stage2Config::default());
    let ok = |a: &str| {
        scorer
            .score(&r, a)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    // "overdue" is no word of the tool's vocabulary: it paraphrases `past_due`.
    assert!(ok("INV-1 is overdue."));
    assert!(ok("The overdue one still hasn't been paid."));
    // The tool's own words are still compared.
    assert!(!ok("INV-1 is paid."));
    assert!(!ok("INV-2 is past due."));
    // Without declared vocabularies, a claim naming its record is judged by that record:
    // another invoice being paid does not contradict "INV-1 is overdue".
    let ev = r#"{"invoices":[{"id":"INV-1","status":"past_due"},{"id":"INV-2","status":"paid"}]}"#;
    let plain = |a: &str| all_supported(ev, a);
    assert!(plain("INV-1 is overdue."));
    assert!(!plain("INV-2 is overdue."));
    // "Overdue" is "unpaid" past its due date: supported once the run's day is after a date
    // of the evidence, not before.
    let ev = r#"{"bills":[{"id":"GM-06","status":"unpaid","due_date":"2026-06-10"},{"id":"GM-05","status":"paid","due_date":"2026-05-10"}]}"#;
    let at = |day: &str, a: &str| {
        let mut r = crate::stage2::test_support::run(ev);
        let (y, m, d) = (&day[..4], &day[5..7], &day[8..]);
        let days = crate::stage2::calc::days_from_civil(
            y.parse().unwrap(),
            m.parse().unwrap(),
            d.parse().unwrap(),
        );
        r.start_unix_nano = (days * 86_400 + 43_200) as u64 * 1_000_000_000;
        r.end_unix_nano = r.start_unix_nano;
        DeterministicScorer::new(Stage2Config::default())
            .score(&r, a)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(at("2026-06-16", "GM-06 is overdue."));
    assert!(!at("2026-06-16", "GM-05 is overdue."));
    assert!(!at("2026-04-01", "GM-06 is overdue."));
}

#[test]
fn months_and_sentence_initial_words_are_no_names() {
    let ev =
        r#"{"bills":[{"period":"2026-05","total":315.49},{"period":"2026-02","total":365.09}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Your May bill is $315.49."));
    assert!(ok("Compared with February's $365.09 bill, it's lower."));
    assert!(!ok("Your March bill is $315.49."));
    assert!(ok("It is $315.49 (the May bill.) Happy to help with more."));
    // A name the answer also writes inside a sentence is still a name.
    assert!(!ok("Zephyr sent $315.49. The bill went to Zephyr."));
    // A status symbol or arrow opening a chat line starts the sentence, as a list marker does.
    assert!(ok("✅ Compared with February's $365.09 bill, it's lower."));
    assert!(ok("⚠️ Lower than February: $315.49 against $365.09."));
    assert!(!ok("✅ The bill of $315.49 was paid to Zephyr."));
}

#[test]
fn numbered_parts_of_a_plain_text_document() {
    let ev = "RESIDENTIAL LEASE\n2. RENT. 2.1 Monthly rent is $2,395.00. 2.2 A late fee of $75 applies.\n7. PETS. 7.1 No pets without an addendum.";
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Rent is $2,395.00 (clause 2.1) and a late fee of $75 applies (clause 2.2)."
    ));
    assert!(ok("Pets need an addendum (section 7)."));
    assert!(!ok("Pets need an addendum (clause 7.4)."));
    let md =
        "# Tariff\n## 3. Rates ($ per kWh)\n3.1 Summer: peak 0.55.\n## 4. Switching\nOnce a year.";
    let ok = |a: &str| all_supported(md, a);
    assert!(ok("Rates from section 3: summer peak $0.55/kWh."));
    assert!(!ok("Rates from section 5: summer peak $0.55/kWh."));
}

#[test]
fn a_time_inside_a_window_the_evidence_writes_out() {
    let doc =
        "2.1 Peak: 4:00 p.m. to 9:00 p.m. every day.\n2.3 Super off-peak: 12:00 a.m. to 3:00 p.m.";
    let ok = |a: &str| all_supported(doc, a);
    assert!(ok("At 6 PM it is peak."));
    assert!(ok("At 1:30 AM it is super off-peak."));
    assert!(!ok("At 3:30 PM it is peak."));
    // A slot's start and end fields are its values, not a window of allowed times.
    let slot = r#"{"slot":{"start":"10:30","end":"11:30"}}"#;
    assert!(!all_supported(slot, "Your appointment is at 11:00."));
}

#[test]
fn section_references_by_their_label() {
    let ev = r#"{"title":"Annual Leave Policy","sections":[{"number":"3","clauses":[{"id":"3.1","text":"Up to 8 days."},{"id":"3.12","text":"x"}]}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("You can carry over up to 8 days (clause 3.1)."));
    assert!(ok("See section 3 of the policy."));
    assert!(!ok("You can carry over up to 8 days (clause 3.2)."));
    assert!(!ok("You can carry over up to 8 days (clause 3.1.4)."));
    assert!(!ok("It is in article 3.1 of the policy."));
    // The section sign, with or without a space, inside parentheses too.
    let rules = "RENTAL RULES\n\n4. LATE FEES. 4.1 A $25 fee applies after 6 days.\n\n12. ACCESS. Gate access is suspended after 6 days.";
    let ok = |a: &str| all_supported(rules, a);
    assert!(ok("A $25 late fee applies after 6 days (§4.1)."));
    assert!(ok("Gate access is suspended after 6 days (§ 12)."));
    assert!(!ok("A $25 late fee applies after 6 days (§8)."));
    assert!(!ok("Gate access is suspended after 6 days (§ 13)."));
    // An HTML list item or paragraph that opens with the label numbers its part.
    let html = "<h1>Booking Changes</h1>\n<ol>\n<li>1.3 Less than 24 hours before departure: no refund.</li>\n</ol>";
    let ok = |a: &str| all_supported(html, a);
    assert!(ok(
        "Per section 1.3, there is no refund less than 24 hours before departure."
    ));
    assert!(!ok(
        "Per section 1.4, there is no refund less than 24 hours before departure."
    ));
}

#[test]
fn weighted_totals_and_rows_named_at_the_start() {
    let deals = r#"{"deals":[{"name":"Renewal","amount":320000,"probability_pct":50},{"name":"Rollout","amount":213000,"probability_pct":20},{"name":"Expansion","amount":100000,"probability_pct":75}]}"#;
    assert!(score(
        deals,
        "Three open deals worth $633,000 ($277,600 weighted)."
    )
    .iter()
    .all(|c| c.status == ClaimStatus::Supported));
    let rows = r#"{"rows":[{"segment":"Enterprise","won":52,"win_rate_pct":32.7},{"segment":"Mid-Market","won":39,"win_rate_pct":41.9},{"segment":"SMB","won":30,"win_rate_pct":29.7}]}"#;
    let ok = |a: &str| all_supported(rows, a);
    assert!(ok(
        "Mid-Market has the highest win rate at 41.9% (39 won), while SMB trails at 29.7%."
    ));
    assert!(!ok("Mid-Market has the highest win rate at 32.7%."));
}

#[test]
fn a_day_range_after_a_date_is_no_quantity() {
    let ev =
        r#"{"requests":[{"start":"2026-03-25","end":"2026-03-26","days":2,"status":"pending"}]}"#;
    assert!(all_supported(ev, "March 25–26 (2 days) is pending."));
}

#[test]
fn a_date_names_its_record() {
    let ev = r#"{"requests":[{"start":"2026-04-14","end":"2026-04-16","status":"declined"},{"start":"2026-05-04","end":"2026-05-05","status":"approved"}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Your May 4–5 leave is approved."));
    assert!(ok("Your April 14–16 request was declined."));
    assert!(!ok("Your April 14–16 request was approved."));
}

#[test]
fn a_verb_before_a_number_names_no_field() {
    // "ordered" after "you" is a verb: the `orders` count does not measure the height.
    let ev =
        r##"{"orders":["#W1","#W2"],"items":[{"name":"Bookshelf","options":{"height":"5 ft"}}]}"##;
    assert!(all_supported(
        ev,
        "The bookshelf you ordered is currently 5 feet tall."
    ));
}

#[test]
fn bare_years_match_dates() {
    // "September 2006" is a month and a year (not September 20); "5 January 2003" a full date.
    assert!(score(
        "It first aired in September 2006 and ended on December 4, 2009.",
        "2006"
    )
    .iter()
    .all(|c| c.status == ClaimStatus::Supported));
    assert!(score(
        "Roy Jenkins (11 November 1920 – 5 January 2003) was a politician.",
        "2003"
    )
    .iter()
    .all(|c| c.status == ClaimStatus::Supported));
    assert!(score(
        "It first aired in September 2006.",
        "It first aired in 2007."
    )
    .iter()
    .any(|c| c.status != ClaimStatus::Supported));
}

#[test]
fn a_named_fields_total_and_a_ranges_midpoint() {
    let ev = r#"{"trips":[{"trip_id":"TR-2035027","harsh_events":2,"max_speed_kmh":84},{"trip_id":"TR-9662095","harsh_events":0,"max_speed_kmh":80},{"trip_id":"TR-1615928","harsh_events":2,"max_speed_kmh":114}],"band":{"min":175000,"max":215000}}"#;
    let ok = |a: &str| all_supported(ev, a);
    // The total of the field the claim names.
    assert!(ok("Top speed was 114 km/h, and there were 4 harsh events."));
    assert!(!ok(
        "Top speed was 114 km/h, and there were 5 harsh events."
    ));
    // The midpoint of two values.
    assert!(ok("The band midpoint is $195,000."));
    assert!(!ok("The band midpoint is $185,500."));
}

#[test]
fn a_comparison_clause_and_records_named_in_lower_case() {
    let ev = r#"{"results":[{"name":"Taqueria Luz","rating":4.7,"delivery_fee":1.99},{"name":"Sushi Kato","rating":4.5,"delivery_fee":3.99},{"name":"Golden Wok","rating":4.4,"delivery_fee":2.49}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    // Two values side by side in a clause naming one of the two records.
    assert!(ok("The best-rated is Taqueria Luz (4.7 stars), and its delivery fee is lower than Sushi Kato's ($1.99 vs $3.99)."));
    // One value in a clause naming a record that does not hold it: still another's.
    assert!(!ok("Sushi Kato charges a delivery fee of $2.49."));
    let cars = r#"{"offers":[{"offer_id":"OF-SPJ8TQ","class":"economy","total":242.64},{"offer_id":"OF-AR3Y6H","class":"suv","total":523.33},{"offer_id":"OF-P3AN7B","class":"minivan","total":664.39}]}"#;
    let ok = |a: &str| all_supported(cars, a);
    // "the minivan" names its record in lower case: its value is not the SUV's conflict.
    assert!(ok(
        "Next up is the SUV at $523.33, and the minivan is the priciest at $664.39."
    ));
    assert!(!ok("Next up is the SUV at $664.39."));
    // A code and a count are no comparison: the count is still bound to the record named.
    let issues = r##"{"items":[{"number":1613,"title":"Docs: config issue","comments":23},{"number":1585,"title":"Config crash","comments":9}]}"##;
    assert!(!all_supported(
        issues,
        "The most discussed is #1613 with 9 comments, followed by #1585 with 9."
    ));
}

#[test]
fn a_quantity_written_as_a_word_times_a_price_plus_a_fee() {
    let ev = r#"{"sections":[{"section":"Orchestra","price":36.56,"fee_per_ticket":7.98},{"section":"Mezzanine","price":64.96,"fee_per_ticket":14.19}],"order_fee":3.5}"#;
    let ok = |a: &str| all_supported(ev, a);
    // 4 × $44.54 + $3.50.
    assert!(ok("For four together (ticket + fee each, then the total with the $3.50 order fee): Orchestra is $36.56 + $7.98 = $44.54; $181.66 total."));
    assert!(!ok("For four together (ticket + fee each, then the total with the $3.50 order fee): Orchestra is $36.56 + $7.98 = $44.54; $186.16 total."));
}

#[test]
fn an_action_of_the_item_list_judged_by_the_tools_it_names() {
    use crate::run::{AgentRun, ToolCall};
    use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
    let run = |name: &str| AgentRun {
        tool_calls: vec![ToolCall {
            id: "call_1".into(),
            name: name.into(),
            result: Some(r#"{"request_id":"RFD-1","status":"approved"}"#.into()),
            ..Default::default()
        }],
        ..Default::default()
    };
    let s = DeterministicScorer::new(Stage2Config::default());
    let ok = |r: &AgentRun| {
        s.score(r, "Done — I've filed it.")
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    assert!(ok(&run("submit_refund_request")));
    assert!(!ok(&run("get_refund_request")));
}

#[test]
fn a_count_of_the_records_holding_a_value() {
    let ev = r#"{"depot":"Airport Cargo","vehicles":[{"id":"FL-1","status":"in_service","odometer_km":222646},{"id":"FL-2","status":"in_service","odometer_km":80512},{"id":"FL-3","status":"in_shop","odometer_km":91000},{"id":"FL-4","status":"in_service","odometer_km":120345}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Airport Cargo has four vehicles: 3 in service and 1 in the shop."
    ));
    assert!(!ok(
        "Airport Cargo has four vehicles: 2 in service and 1 in the shop."
    ));
    // A value every record holds (a unit) is no category: "548 kWh" is no count.
    let usage = r#"{"months":[{"month":"2025-10","usage":548,"unit":"kWh"},{"month":"2025-11","usage":584,"unit":"kWh"}]}"#;
    assert!(all_supported(usage, "| Oct 2025 | 548 kWh |"));
}

#[test]
fn european_formats() {
    let ev = r#"{"project_id":"PRJ-1","source_lang":"EN","jobs":[{"lang":"ES","words":8500,"due":"2026-02-17T12:00:00+02:00"},{"lang":"PL","words":3400,"due":"2026-03-24T18:00:00+02:00"}],"rate_eur_per_word":0.13,"surcharge_eur":1120.6,"fx_eur_gbp":0.8537,"field_ha":4.2,"used_m3":32500,"ids":[1,25]}"#;
    let ok = |a: &str| all_supported(ev, a);
    // Decimal commas, a currency after the number; three digits after a comma group
    // thousands.
    assert!(ok(
        "The rate is 0,13 € a word and the surcharge 1.120,60 €, at 0,8537 to the pound."
    ));
    assert!(!ok("The rate is 0,14 € a word."));
    assert!(!ok("The surcharge is 1.102,60 €."));
    assert!(ok("The Spanish job has 8,500 words."));
    // JSON is read without decimal commas: `[1,25]` holds 25.
    assert!(ok("Item 25 is listed."));
    // Times written 18h00, dates day first, languages by their ISO codes.
    assert!(ok(
        "The Polish job is due 24/03/2026 at 18h00, translated from English."
    ));
    assert!(!ok("The Polish job is due 24/03/2026 at 17h00."));
    assert!(!ok("The Polish job is due 25/03/2026."));
    assert!(ok("Then the Spanish job is due 17/02/2026."));
    assert!(!ok("The German job is due 17/02/2026."));
    // Volumes and areas: m³ and megalitres, hectares and acres.
    assert!(ok("That leaves 32,500 m³ (32.5 megalitres) on the field's 4.2 ha (about 10 acres), before VAT."));
    assert!(!ok("That leaves 23,500 m³."));
}

#[test]
fn a_worked_example_states_its_own_premise() {
    let ev = r#"{"section":"8.2","title":"SAE reporting","text":"Report every serious adverse event to the sponsor within 24 hours of awareness."}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("In practice: if you learn of an event at 9:00 on a Monday, the initial report is due by 9:00 Tuesday."));
    assert!(ok("**In practice:** if you learn of an event at 9:00 on a Monday, the initial report is due by 9:00 Tuesday."));
    // What the example yields is still checked, and so is a claim that is no example.
    assert!(!ok("In practice: if you learn of an event at 9:00 on a Monday, the initial report is due by 17:00 Tuesday."));
    assert!(!ok(
        "If you learn of an event at 9:00 on a Monday, the initial report is due by 9:00 Tuesday."
    ));
    assert!(!ok(
        "Report every serious adverse event by 9:00 the next day."
    ));
}

#[test]
fn a_count_of_distinct_days() {
    // Five entries on four days (two on the 10th, local time); `days` is the window.
    let ev = r#"{"unit_id":"BK-1","days":14,"events":[{"at":"2026-03-11T12:33:00-07:00","event":"gate_open"},{"at":"2026-03-10T20:58:00-07:00","event":"gate_open"},{"at":"2026-03-10T08:08:00-07:00","event":"gate_open"},{"at":"2026-03-08T08:26:00-07:00","event":"gate_open"},{"at":"2026-03-07T19:30:00-07:00","event":"gate_open"}]}"#;
    assert!(all_supported(
        ev,
        "5 gate entries in the last 14 days, on 4 different days."
    ));
    assert!(!all_supported(
        ev,
        "5 gate entries in the last 14 days, on 5 different days."
    ));
    // The days of the records holding one value: three entries on three days, and a
    // denied attempt on a fourth.
    let ev = r#"{"events":[{"at":"2026-03-11T12:33:00-07:00","event":"gate_open"},{"at":"2026-03-10T20:58:00-07:00","event":"gate_open"},{"at":"2026-03-08T08:26:00-07:00","event":"gate_open"},{"at":"2026-03-07T23:48:00-07:00","event":"denied_outside_hours"}]}"#;
    assert!(all_supported(
        ev,
        "Your code opened the gate on 3 different days."
    ));
    assert!(all_supported(ev, "The log has events on 4 different days."));
    assert!(!all_supported(
        ev,
        "Your code opened the gate on 2 different days."
    ));
}

#[test]
fn a_time_computed_from_a_hypothetical_instance_by_a_written_duration() {
    let ev = "## 3. Class bookings\n3.2 Bookings cancelled less than 12 hours before the class starts forfeit the class credit and incur a $15.00 late-cancellation fee.";
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "So for an evening class at 6:00 PM, you'd want to cancel by 6:00 AM that day to avoid it."
    ));
    // What the premise yields is still checked; a definite class is one of the evidence.
    assert!(!ok(
        "So for an evening class at 6:00 PM, you'd want to cancel by 8:00 AM that day to avoid it."
    ));
    assert!(!ok(
        "So for the evening class at 6:00 PM, you'd want to cancel by 6:00 AM that day to avoid it."
    ));
}

#[test]
fn a_count_of_a_list_whichever_of_its_records_the_claim_names() {
    // The 2 is the length of `inspections`, though the second inspection's `sequence`
    // is 2 and the claim names the first.
    let ev = r#"{"permit_number":"EP-1","inspections":[{"inspection_id":"INS-1","type":"Rough Electrical","sequence":1,"status":"PASSED","date":"2026-02-13"},{"inspection_id":"INS-2","type":"Final","sequence":2,"status":"SCHEDULED","date":"2026-02-24"}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "1 of the 2 required inspections has passed (the rough electrical)."
    ));
    assert!(!ok(
        "1 of the 4 required inspections has passed (the rough electrical)."
    ));
}

#[test]
fn a_count_of_the_records_dated_on_a_weekday() {
    // Three visits on Mondays (Feb 2, 9, 16), one on a Wednesday, one on a Friday.
    let ev = r#"{"memberId":"M1","visits":[{"date":"2026-02-02","club":"North"},{"date":"2026-02-04","club":"North"},{"date":"2026-02-09","club":"South"},{"date":"2026-02-13","club":"North"},{"date":"2026-02-16","club":"North"}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Mondays are your most frequent day, with 3 visits."));
    assert!(!ok("Mondays are your most frequent day, with 4 visits."));
    assert!(!ok("Tuesdays are your most frequent day, with 3 visits."));
}

#[test]
fn a_count_of_the_records_whose_boolean_field_is_true() {
    // Three of the four variants are `available`.
    let ev = r#"{"name":"T-Shirt","variants":{"9612497925":{"options":{"color":"blue","size":"M"},"available":true,"price":50.88},"8124970213":{"options":{"color":"purple","size":"XL"},"available":false,"price":49.67},"9354168549":{"options":{"color":"red","size":"XXL"},"available":true,"price":46.85},"5253880258":{"options":{"color":"black","size":"S"},"available":true,"price":49.52}}}"#;
    assert!(all_supported(ev, "There are 3 available T-shirt options."));
    assert!(!all_supported(ev, "There are 2 available T-shirt options."));
}

#[test]
fn a_count_no_field_names_is_judged_by_the_lists_lengths() {
    // Which records "2 books" counts is not known; no list has 5.
    let ev = r#"{"member":"M1","fines_usd":0.5,"loans":[{"title":"Quiet Engines","due":"2026-03-01"},{"title":"Salt","due":"2026-03-02"},{"title":"Orbit","due":"2026-03-04"}]}"#;
    assert!(all_supported(ev, "You renewed 2 books last month."));
    assert!(!all_supported(ev, "You renewed 5 books last month."));
}

mod labelled_rows {
    use crate::report::ClaimStatus;
    use crate::stage2::test_support::{all_supported, score};
    #[test]
    fn labels_name_rows_and_a_parenthesis_ends_a_counted_noun() {
        let ev = r#"{"customer_id": "CUS-174650", "as_of": "2026-02-23T08:30:21Z", "accounts": [{"account_id": "ACCT-17203215", "type": "checking", "nickname": "Everyday Checking", "currency": "USD", "status": "open", "last4": "3215", "balances": {"current": 4526.95, "available": 4335.64}}, {"account_id": "ACCT-60917953", "type": "savings", "nickname": "High-Yield Savings", "currency": "USD", "status": "open", "last4": "7953", "balances": {"current": 37117.78, "available": 37117.78}, "interest_rate_apy": 3.65}, {"account_id": "ACCT-96139540", "type": "credit_card", "nickname": "Travel Rewards Visa", "currency": "USD", "status": "open", "last4": "9540", "balances": {"current": 1497.17, "available": 3502.83}, "credit_limit": 5000, "payment_due": {"minimum": 35.0, "due_date": "2026-03-11", "past_due": false}}]}"#;
        let c = score(ev, "Checking: $4,526.95 · Savings: $37,117.78 · Visa balance: $1,497.17 (minimum $35.00 due Mar 11).");
        assert!(
            c.iter().all(|c| c.status == ClaimStatus::Supported),
            "{c:#?}"
        );
        let ev2 = r#"{"product": "everyday_checking", "title": "Everyday Checking \u2014 Fee Schedule", "version": "2026.2", "effective_date": "2026-03-01", "sections": [{"number": "2.1", "heading": "Monthly maintenance fee", "text": "$12, waived with a $1,500 minimum daily balance or $500 in monthly direct deposits."}, {"number": "4.3", "heading": "ATM withdrawals outside the US", "text": "1% of the amount plus $2.50 per withdrawal."}, {"number": "4.5", "heading": "Foreign transaction fee", "text": "3% of each purchase made in a foreign currency."}, {"number": "6", "heading": "Overdraft", "text": "$0 \u2014 NorthBank does not charge overdraft fees."}]}"#;
        let c = score(
            ev2,
            "Card purchases in a foreign currency add 3% (section 4.5).",
        );
        assert!(
            c.iter().all(|c| c.status == ClaimStatus::Supported),
            "{c:#?}"
        );
    }

    #[test]
    fn versions_subsections_region_codes_and_the_previous_month() {
        let doc = "Tagging policy. Version 2.1 effective 2026-01-10. Tags are required.\n\n12.04.030 Renewal.\n(a) A permit is renewed on request.\n(b) A permit may be renewed once.\n\n12.04.040 Fees.\n(a) Fees are due on filing.\n(c) Late fees double.";
        let v = score(doc, "Under the tagging policy (v2.1), tags are required.");
        assert!(
            v.iter().all(|c| c.status == ClaimStatus::Supported),
            "{v:?}"
        );
        assert!(!all_supported(
            doc,
            "Under the tagging policy (v2.2), tags are required."
        ));
        assert!(all_supported(
            doc,
            "Under section 12.04.030(b), a permit may be renewed once."
        ));
        // "(c)" exists, but in the next section only.
        assert!(!all_supported(
            doc,
            "Under section 12.04.030(c), a permit may be renewed once."
        ));
        let trip = r#"{"destination":"Boulder","miles_left":120}"#;
        assert!(all_supported(
            trip,
            "Your truck has 120 miles left to Boulder, CO."
        ));
        let spend = r#"{"period":"2026-04","total":500.0,"previous_period_total":450.0}"#;
        assert!(all_supported(
            spend,
            "April came to $500.00, up from March's $450.00."
        ));
        assert!(!all_supported(
            spend,
            "April came to $500.00, up from February's $450.00."
        ));
        // An ordinal joined to a word is a modifier, not a code.
        let cpu = r#"{"cpu_p95_pct":41.5,"lookback_days":14}"#;
        assert!(all_supported(
            cpu,
            "CPU is 41.5% at the 95th-percentile over 14 days."
        ));
    }
}

#[test]
fn terminal_formats_of_a_coding_agent() {
    let run = r#"{"run_id":"run_238646","commit_sha":"b390a88ca6115f8e028c45da5594a0b04687848d","finished_at":"2026-03-28T03:58:12Z","freeze_ends":"2026-02-09T07:00:00Z","docs_url":"https://docs.example.dev/guides/rollouts"}"#;
    // An abbreviated commit hash is the start of the evidence's SHA; another hash is not.
    assert!(all_supported(
        run,
        "`run_238646` failed at commit `b390a88`."
    ));
    assert!(!all_supported(
        run,
        "`run_238646` failed at commit `b390a89`."
    ));
    // A hash the evidence holds whole is no prefix of itself with more digits.
    assert!(!all_supported(
        run,
        "`run_238646` failed at commit `b390a88ca6115f8e028c45da5594a0b04687848d1`."
    ));
    // Times with the UTC designator, alone or in an ISO date-time.
    assert!(all_supported(run, "It finished at 03:58Z."));
    assert!(!all_supported(run, "It finished at 04:58Z."));
    assert!(all_supported(run, "The freeze ends 2026-02-09T07:00Z."));
    assert!(!all_supported(run, "The freeze ends 2026-02-09T09:00Z."));
    // A URL in a code span ends before the backtick.
    assert!(all_supported(
        run,
        "I checked it against `https://docs.example.dev/guides/rollouts`."
    ));
    assert!(!all_supported(
        run,
        "I checked it against `https://docs.example.dev/guides/rollbacks`."
    ));
}

#[test]
fn compact_durations_and_binary_sizes() {
    let jobs = r#"{"jobs":[{"name":"e2e","duration_s":1243},{"name":"lint","duration_s":97},{"name":"soak","duration_s":187200}]}"#;
    assert!(all_supported(jobs, "`e2e` took 20m 43s."));
    assert!(!all_supported(jobs, "`e2e` took 21m 43s."));
    assert!(all_supported(jobs, "`lint` took 1m 37s."));
    assert!(all_supported(jobs, "`soak` ran 2d 4h."));
    assert!(!all_supported(jobs, "`soak` ran 2d 12h."));
    let sizes = r#"{"unpacked_size_bytes":168582,"image_bytes":1825361100}"#;
    assert!(all_supported(sizes, "The tarball unpacks to 165 KiB."));
    assert!(!all_supported(sizes, "The tarball unpacks to 185 KiB."));
    assert!(all_supported(sizes, "The image is 1.7 GiB."));
    assert!(!all_supported(sizes, "The image is 2.7 GiB."));
}

#[test]
fn a_boolean_another_result_states_as_a_value_does_not_decide() {
    // The versions listed before the agent's own yank say `"yanked": false`; the yank's result
    // says `"status": "yanked"`.
    let listed =
        r#"{"versions":[{"version":"2.5.2","yanked":false},{"version":"2.6.0","yanked":false}]}"#;
    let yank = r#"{"version":"2.5.2","status":"yanked","operation":"op_G1RR0PTQ"}"#;
    let both = format!("[{listed},{yank}]");
    assert!(all_supported(
        &both,
        "`2.5.2` is now yanked (`op_G1RR0PTQ`)."
    ));
    // A refusal that offers the action by its name: the option, not a yes/no.
    let refused = r#"{"error":"UNPUBLISH_WINDOW_CLOSED","alternatives":["yank","deprecate"]}"#;
    let offered = format!("[{listed},{refused}]");
    assert!(all_supported(
        &offered,
        "The registry refused. Alternatives were `yank` / `deprecate`."
    ));
    // A time since a moment is no value of the record the claim names.
    let published = r#"{"version":"2.4.0","published_at":"2026-05-22T03:52:00Z","size_kb":12,"as_of":"2026-05-27T09:16:14Z"}"#;
    assert!(all_supported(
        published,
        "`2.4.0` was published 2026-05-22 03:52 UTC, ~125h ago."
    ));
    assert!(!all_supported(
        published,
        "`2.4.0` was published 2026-05-22 03:52 UTC, ~240h ago."
    ));
    // With the listing alone, the boolean still decides.
    assert!(!all_supported(listed, "`2.5.2` is yanked."));
}

#[test]
fn the_denominator_of_a_fraction_counts_the_list() {
    let runs = r#"{"runs":[{"id":"r1","status":"passed"},{"id":"r2","status":"passed"},{"id":"r3","status":"failed"}]}"#;
    assert!(all_supported(runs, "2/3 passed."));
    assert!(!all_supported(runs, "1/3 passed."));
}

#[test]
fn semantic_versions_and_fields_named_with_their_unit() {
    let pkg = r#"{"versions":[{"version":"3.4.3","size":12},{"version":"3.7.2","size":14}],"billable_minutes":37,"total":"€12.345.678,90"}"#;
    assert!(all_supported(pkg, "The latest match is `3.4.3`."));
    assert!(!all_supported(pkg, "The latest match is `3.2.3`."));
    assert!(all_supported(pkg, "Billable: 37 min."));
    assert!(!all_supported(pkg, "Billable: 49 min."));
    // Dot-grouped thousands with decimals are an amount, not a version.
    let total = score(pkg, "The total is €12.345.678,90.");
    assert!(
        total[0]
            .flagged_spans
            .iter()
            .all(|f| f.kind != crate::report::FlagKind::FabricatedReference),
        "{total:?}"
    );
}

#[test]
fn addresses_and_fingerprints_are_identifiers() {
    let cert = r#"{"record":{"name":"api","type":"A","value":"203.0.113.10","ttl":300},"fingerprint_sha1":"3A:1F:09:22:7C:4D:10:5E","mac":"00:1b:44:11:3a:b7"}"#;
    assert!(all_supported(cert, "`api` points at 203.0.113.10."));
    assert!(!all_supported(cert, "`api` points at 203.0.113.99."));
    // A fingerprint's pairs are no times ("09:22").
    assert!(all_supported(
        cert,
        "Its fingerprint is 3A:1F:09:22:7C:4D:10:5E."
    ));
    assert!(!all_supported(
        cert,
        "Its fingerprint is 3A:1F:09:23:7C:4D:10:5E."
    ));
    assert!(all_supported(cert, "The mac is 00:1b:44:11:3a:b7."));
}

#[test]
fn a_time_a_stated_duration_before_another() {
    let slot = r#"{"slot":{"type":"Power Red","start":"2026-06-05T08:00:00-05:00","minutes":90},"arrive_early_minutes":15}"#;
    assert!(all_supported(
        slot,
        "That's Power Red on June 5 at 8:00 AM. Check-in opens 15 minutes early, at 7:45 AM."
    ));
    assert!(!all_supported(
        slot,
        "That's Power Red on June 5 at 8:00 AM. Check-in opens 15 minutes early, at 7:30 AM."
    ));
    // The duration must be right before the time.
    assert!(!all_supported(
        slot,
        "That's Power Red on June 5 at 8:00 AM. Parking opens 15 minutes early; the desk opens at 7:45 AM."
    ));
}

#[test]
fn a_workflow_state_of_another_class_than_the_records() {
    let flagged = |ev: &str, a: &str| {
        score(ev, a)
            .iter()
            .flat_map(|c| c.flagged_spans.clone())
            .any(|f| f.kind == crate::report::FlagKind::StateConflict)
    };
    let tr = r#"{"transfer_id":"TRF-BAPVAVRH","status":"processing","amount":4200.0,"status_history":[{"status":"submitted"},{"status":"processing"}]}"#;
    assert!(flagged(tr, "Your $4,200.00 transfer is still completed."));
    assert!(flagged(tr, "Transfer TRF-BAPVAVRH was declined."));
    assert!(!flagged(
        tr,
        "Your $4,200.00 transfer is still in progress."
    ));
    assert!(!flagged(tr, "Your $4,200.00 transfer is still processing."));
    // Not a state of the record: a condition, a verb with its object, a report that an action
    // succeeded, a share of work, a statement of some of several records.
    assert!(!flagged(tr, "You'd receive ₹353,068.80 if it's approved."));
    assert!(!flagged(tr, "The bank is processing your transfer."));
    assert!(!flagged(tr, "The change has been successfully completed."));
    assert!(!flagged(tr, "The transfer is 80% complete."));
    let cands = r#"{"candidates":[{"name":"A","status":"rejected"},{"name":"B","status":"withdrawn"},{"name":"C","status":"active"}]}"#;
    assert!(!flagged(cands, "Two candidates are still active."));
    // Synonyms agree; a record holding a state of the claim's class too is not contradicted.
    let run = r#"{"run_id":"R-1","status":"succeeded"}"#;
    assert!(!flagged(run, "Run R-1 is completed."));
    assert!(flagged(run, "Run R-1 is still queued."));
    let order = r#"{"order_id":"W123","status":"processing","payment_status":"completed"}"#;
    assert!(!flagged(order, "The order is completed."));
}

#[test]
fn a_workflow_state_in_a_terse_headline_and_in_boolean_fields() {
    let flagged = |ev: &str, a: &str| {
        score(ev, a)
            .iter()
            .flat_map(|c| c.flagged_spans.clone())
            .any(|f| f.kind == crate::report::FlagKind::StateConflict)
    };
    // The headline of a status text states the record's status as a copula would.
    let tee =
        r#"{"booking_number":"GT-159424","course":"Aspen Ridge","players":2,"status":"confirmed"}"#;
    assert!(flagged(
        tee,
        "Tee time waitlisted · #GT-159424\nthis Tue @ 9:40am"
    ));
    assert!(flagged(tee, "GT-159424 tentative ✓\nthis Tue @ 9:40am"));
    assert!(!flagged(
        tee,
        "Tee time booked · #GT-159424\nthis Tue @ 9:40am"
    ));
    // Not a headline: a pronoun's verb, or a word that goes on into a clause.
    assert!(!flagged(tee, "We waitlisted nobody · #GT-159424"));
    assert!(!flagged(
        tee,
        "Tee time waitlisted players get a call first"
    ));
    // A list's number is no subject: "Done" opens the item.
    assert!(!flagged(
        tee,
        "1. Done — I've moved it.\n2. GT-159424 at 9:40am"
    ));
    // "On hold" is said of what waits for something and of what is paused.
    let lot = r#"{"lot":"L2665C","status":"quarantined","sponsor_decision":"pending"}"#;
    assert!(!flagged(lot, "L2665C is on hold after the excursion."));
    // A boolean field named by a status word holds that status, or its negation when false.
    let req = r#"{"project":{"jobs":[{"lang":"IT","status":"on_hold"}]},"change":{"accepted":true,"lang":"ES"}}"#;
    assert!(!flagged(
        req,
        "I re-submitted it for the earliest date, which was accepted."
    ));
    // False says only that it is not that status: "active": false may be inactive.
    let acct = r#"{"account":"ACC-77120","active":false,"plan":"basic"}"#;
    assert!(!flagged(acct, "Account ACC-77120 is inactive."));
    assert!(flagged(acct, "Account ACC-77120 is active."));
    let bids = r#"{"first":{"accepted":false,"reason_code":"OFF_INCREMENT"},"second":{"accepted":true,"status":"leading"}}"#;
    assert!(!flagged(
        bids,
        "$1,287 was rejected (`OFF_INCREMENT`), so I placed $1,280."
    ));
}

#[test]
fn iso_weeks_period_over_period_and_measure_acronyms() {
    let weeks =
        r#"{"weeks":[{"week":"2026-W07","visits":2677},{"week":"2026-W08","visits":3791}]}"#;
    assert!(all_supported(weeks, "Peak week: W8 with 3,791."));
    assert!(!all_supported(weeks, "Peak week: W9 with 3,791."));
    assert!(all_supported(weeks, "Visits in W8 were up 41.6% WoW."));
    // An acronym used as the name of a stated measure; one used as a name is still checked.
    let ads = r#"{"campaigns":[{"name":"Win-back","spend":84700,"leads":9088,"revenue":586000}]}"#;
    assert!(all_supported(
        ads,
        "Win-back had the lowest CPL at $9.32 and a 6.9x ROAS."
    ));
    assert!(!all_supported(ads, "Win-back is managed by the GHX team."));
}

#[test]
fn a_boolean_whose_whole_key_is_a_value_elsewhere() {
    let ev = r#"{"attempt":{"ok":false,"reason_code":"APPROVAL_REQUIRED","max_change_pct":20},"change":{"ok":true,"new_budget":97200.0,"approval_required":false}}"#;
    assert!(all_supported(
        ev,
        "AdPulse returned `APPROVAL_REQUIRED`, so the rest needs finance approval."
    ));
    // Without that value the boolean decides.
    let alone = r#"{"change":{"ok":true,"new_budget":97200.0,"approval_required":false}}"#;
    assert!(!all_supported(
        alone,
        "AdPulse returned `APPROVAL_REQUIRED`, so the rest needs finance approval."
    ));
}

#[test]
fn a_letter_code_of_the_evidences_scheme() {
    let ev = r#"{"sites":[{"site_id":"SITE-MAH","name":"Modern Art House"},{"site_id":"SITE-OBS","name":"Observatory"}],"risk":"AT_RISK"}"#;
    assert!(all_supported(
        ev,
        "The weak spot is Modern Art House (SITE-MAH)."
    ));
    assert!(!all_supported(
        ev,
        "The weak spot is Modern Art House (SITE-MAQ)."
    ));
    // Capital words of no code scheme of the evidence are no code.
    assert!(all_supported(ev, "Observatory is AT-RISK."));
}

#[test]
fn a_day_of_the_following_month_by_the_evidences_rule() {
    let ev = "6.1 Fees for a calendar month are due by the 15th day of the following month.\n6.2 Late payments accrue interest at 1.5% per month.";
    let date_flagged = |a: &str| {
        score(ev, a)
            .iter()
            .flat_map(|c| c.flagged_spans.clone())
            .any(|f| f.kind == crate::report::FlagKind::DateNotInEvidence)
    };
    assert!(!date_flagged("So the March instalment is due by Apr 15."));
    assert!(!date_flagged(
        "So the December instalment is due by 15 Jan."
    ));
    // Another day, or a month the rule does not follow from, is not supported.
    assert!(date_flagged("So the March instalment is due by Apr 20."));
    assert!(date_flagged("So the March instalment is due by May 15."));
}

#[test]
fn a_note_naming_the_evidence_field_a_figure_comes_from() {
    let ev = "{\"campaigns\":[{\"name\":\"A\",\"spend\":1000.0,\"revenue\":3500.0}]}\nROAS is attributed revenue over spend for each campaign in the period.";
    assert!(all_supported(
        ev,
        "(ROAS uses the attributed `revenue` field.)"
    ));
    // A field the evidence does not have is still checked, and so is the rest of the note.
    assert!(!all_supported(
        ev,
        "(ROAS uses the attributed `gross_revenue` field.)"
    ));
}

#[test]
fn a_name_abbreviated_by_a_code_of_the_evidence() {
    let ev = r#"{"member_id":"SM15293","centre":"CC-OTR","sites":[{"site":"SITE-RVG","visits":120}],"hub":"LHR"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("All pourings were accepted at the Otur centre."));
    assert!(ok("Visits at Riverview Gallery were 120."));
    assert!(ok("It ships from London Heathrow."));
    // Another place's letters are not the code's.
    assert!(!ok("All pourings were accepted at the Junnar centre."));
    // A code's letters out of order, or a name that does not begin with the code's letter.
    assert!(!ok("All pourings were accepted at the Torun centre."));
    assert!(!ok("It ships from Hull."));
    // A name holding a code's letters is not its name unless each word's initial is in it.
    let bag = r#"{"flight":{"from":"YYZ","to":"DEN"},"portal_labels":["Bag status"]}"#;
    assert!(!all_supported(
        bag,
        r#"Your file is listed under "Delay benefits"."#
    ));
    assert!(all_supported(bag, "Your bag lands in Denver."));
}
#[test]
fn a_negated_status_the_evidence_negates_in_its_noun_form() {
    let ev = "1.3 Less than 24 hours before departure: no refund.";
    let conflict = |a: &str| {
        score(ev, a)
            .iter()
            .flat_map(|c| c.flagged_spans.clone())
            .any(|f| f.kind == crate::report::FlagKind::StateConflict)
    };
    assert!(!conflict("Late departures aren't refunded."));
    assert!(!conflict("Late departures are not refunded."));
}

#[test]
fn a_status_filling_a_table_cell_states_the_rows_record() {
    let ev = r#"{"orders":[{"order_id":"ORD-1001","items":2,"status":"shipped"},{"order_id":"ORD-1002","items":1,"status":"pending"}]}"#;
    let table = |a: &str, b: &str| {
        format!("| Order | Items | Status |\n|---|---|---|\n| ORD-1001 | 2 | {a} |\n| ORD-1002 | 1 | {b} |")
    };
    assert!(all_supported(ev, &table("shipped", "**pending**")));
    // The other row's status.
    assert!(!all_supported(ev, &table("pending", "pending")));
    // A label that opens with a status word is no status.
    let label = "| Metric | Value |\n|---|---|\n| Pending orders | 1 |";
    assert!(all_supported(ev, label));
}

#[test]
fn a_status_after_an_amount_modifies_the_amount() {
    let ev = r#"{"invoice":"INV-7","status":"unpaid","total":525,"paid_to_date":225}"#;
    assert!(all_supported(
        ev,
        "The total of CAD 525 less the CAD 225 already paid leaves CAD 300 to pay."
    ));
    assert!(all_supported(
        ev,
        "Of the $525, the $225 paid so far is credited."
    ));
    // A status stated of the record is still judged, after its identifier too.
    assert!(!all_supported(ev, "Invoice INV-7 is already paid."));
    assert!(!all_supported(ev, "INV-7 already paid."));
}

#[test]
fn a_rule_or_a_heading_of_a_policy_states_no_status() {
    let policy = "Nature Explorers has 6 places left.\n6. Closed programs\n6(1) When a program is closed, the participant may be placed on the wait list. Registration closes 7 days before the first class.";
    let claim = "It is open, with 6 places left.";
    assert!(all_supported(policy, claim));
    // A text that states the other value of something contradicts it.
    let stated = "Nature Explorers has 6 places left. Registration for the program is closed.";
    assert!(!all_supported(stated, claim));
}

#[test]
fn chat_mentions_are_names_of_the_evidence() {
    let ev = r#"{"product":"Notely Teams","admin":"ali.haidari","holder":{"name":"Kenji Sato","handle":"kenji.sato"},"contact":"desk@corvane.example"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("📌 Admin: @ali.haidari; holder @kenji.sato."));
    // A handle written from a name the evidence holds ("Kenji Sato").
    let named = r#"{"product":"Notely Teams","holder":{"name":"Kenji Sato"}}"#;
    assert!(all_supported(named, "Notely Teams holder: @kenji.sato."));
    assert!(!all_supported(named, "Notely Teams holder: @kenji.tanaka."));
    // A handle the evidence names nowhere is an unsupported name.
    assert!(!ok("📌 The admin is @ted.moss; the holder is @kenji.sato."));
    assert!(!ok("📌 Admin: @ted.moss; holder @kenji.sato."));
    // Neither an e-mail address nor a broadcast keyword is a mention.
    assert!(ok(
        "@here Notely Teams questions go to desk@corvane.example."
    ));
}

#[test]
fn a_value_after_a_label_that_names_a_field_is_checked_as_a_name() {
    let ev = r#"{"account":"PA-607298","depot":"Carlisle depot","status":"pending","account_manager":"Paul Hartley"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("**Depot:** Carlisle depot, account `PA-607298`"));
    assert!(!ok("**Depot:** Macon depot, account `PA-607298`"));
    assert!(ok("Status: Pending"));
    // A label that names no field leaves a capitalized first word to its position.
    assert!(ok("Note: Returns are free."));
}

#[test]
fn hours_with_a_one_letter_meridiem_and_multipliers() {
    let ev = r#"{"job":"JB-4821","window_start":"2026-05-12T14:00:00-05:00","window_end":"2026-05-12T16:00:00-05:00","arrived_at":"2026-05-12T08:00:00-05:00","parts":[{"name":"knob set","qty":2,"unit_price":42.0}]}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Job JB-4821 → window 2–4p."));
    assert!(ok("Job JB-4821 → window 2-4p, on site since 8a."));
    assert!(!ok("Job JB-4821 → window 3–5p."));
    assert!(!ok("Job JB-4821 → on site since 9a."));
    // The UTC offset of a timestamp is no clock time, and no end of a window from 2 PM.
    assert!(!ok("Job JB-4821 → window starts at 9:00 PM."));
    assert!(!ok("Job JB-4821 → window starts at 5:00 AM."));
    // A range whose start takes the end's meridiem, with minutes too ("2:00–4p").
    assert!(ok("Job JB-4821 → window 2:00–4p."));
    assert!(!ok("Job JB-4821 → window 1:00–4p."));
    // A range whose start takes the end's meridiem.
    assert!(ok("Job JB-4821: arrive 8:00–9a? No: on site since 8a."));
    // A count written as a multiplier is no code.
    assert!(ok("Parts: knob set x2 @ $42."));
}

#[test]
fn a_time_worked_out_from_a_stated_duration() {
    let ev =
        r#"{"appointment":"2026-06-09T13:45:00-05:00","applied_at":"2026-04-14T09:55:00-04:00"}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok("Your appointment is at 1:45 p.m. It takes an hour and a half, so you should be done by 3:15 p.m."));
    assert!(!ok("Your appointment is at 1:45 p.m. It takes an hour and a half, so you should be done by 3:45 p.m."));
    assert!(ok("People: 4 hours → 1:55 PM."));
    assert!(!ok("People: 4 hours → 2:55 PM."));
}

#[test]
fn a_time_the_evidence_rule_places_after_an_evidence_time() {
    let results = [
        r#"{"applied_at":"2026-04-14T09:55:00-04:00","product":"Fipronil 9.1%"}"#,
        "Label 1.2: pets may re-enter 6 hours after application.",
    ];
    let ok = |a: &str| crate::stage2::test_support::all_supported_by(&results, a);
    assert!(ok("Pets can go back out after 3:55 PM today."));
    assert!(!ok("Pets can go back out after 4:55 PM today."));
    // Only where a word places the time.
    assert!(!ok("Pets were seen at 3:55 PM today."));
}

#[test]
fn a_charge_of_zero_is_none() {
    let ev = r#"{"job":"SP-18090","trip_fee":0,"gallons":1500,"late_charge":35}"#;
    let ok = |a: &str| all_supported(ev, a);
    assert!(ok(
        "Job SP-18090 rescheduled. There is no trip fee for this visit."
    ));
    assert!(!ok(
        "Job SP-18090 rescheduled. The trip fee applies to this visit."
    ));
    // An amount stated is the number checks' to judge.
    assert!(ok("Job SP-18090: trip fee $0."));
    // A non-zero charge applies.
    assert!(!ok(
        "Job SP-18090 rescheduled. There is no late charge on this visit."
    ));
}

#[test]
fn a_quoted_label_is_checked_as_written() {
    let ev = r#"{"portal_labels":["Current balance","Recent trips","Auto top-up"]}
## 3. Disputes
3.2 The toll is not charged while we decide."#;
    assert!(all_supported(
        ev,
        r#"Your trips are listed under "Recent trips"."#
    ));
    // "Charges" is an inflection of "charged", but a quoted label is quoted as written.
    assert!(!all_supported(
        ev,
        r#"Your trips are listed under "Plaza charges"."#
    ));
}

#[test]
fn a_reason_codes_words_are_no_status_of_the_evidence() {
    let refused =
        r#"{"status":"refused","reason_code":"DISPUTE_WINDOW_CLOSED","trip_id":"TR-5745134"}"#;
    assert!(all_supported(
        refused,
        "Your account stays open either way."
    ));
    let closed = r#"{"account":"PP41753596","status":"closed"}"#;
    assert!(!all_supported(
        closed,
        "Your account PP41753596 stays open."
    ));
}

#[test]
fn a_conversational_opener_before_a_number_is_no_talk() {
    let ev = r#"{"trip_id":"TR-7160601","plaza":"Mill River Plaza","amount":3.2}"#;
    assert!(!all_supported(
        ev,
        "Got it — we're looking into your $4.20 toll at Mill River Plaza."
    ));
    assert!(all_supported(
        ev,
        "Got it — we're looking into your $3.20 toll at Mill River Plaza."
    ));
    assert!(all_supported(ev, "Got it, thanks for waiting!"));
}

#[test]
fn a_qualified_date_field_a_labeled_duration_and_a_labeled_comparison() {
    // `next_claim_deadline` is a claim deadline: "the 2025-Q4 claim, due by …" may state it.
    let refusal = r#"{"status":"refused","quarter":"2025-Q3","claim_deadline":"2025-11-14","alternative":{"next_quarter":"2025-Q4","next_claim_deadline":"2026-02-14"},"as_of":"2026-02-24T12:30:00+01:00"}"#;
    assert!(all_supported(
        refusal,
        "The 2025-Q4 claim is due by 2026-02-14."
    ));
    assert!(!all_supported(
        refusal,
        "The 2025-Q4 claim is due by 2026-02-15."
    ));
    // A label names the unit of the bare number after it: 102 days from the deadline to today.
    assert!(all_supported(refusal, "Days late: 102"));
    assert!(!all_supported(refusal, "Days late: 130"));
    // A comparison of a value the answer states under a label elsewhere.
    let terms = "2.2 Delivery is free for subtotals of GBP 300.00 or more; otherwise the delivery fee on the order applies.";
    let order = r#"{"order_id":"SO-1","lines":[{"sku":"A","line_total":"GBP 100.00"},{"sku":"B","line_total":"GBP 39.95"}],"delivery_fee":15.0}"#;
    let answer = |word: &str| {
        format!("Subtotal: GBP 139.95\nTotal: GBP 154.95\nSummary: The subtotal is {word} the GBP 300.00 free-delivery line.")
    };
    let flagged = |a: &str| {
        crate::stage2::test_support::score_by(&[order, terms], a)
            .iter()
            .any(|c| c.status != ClaimStatus::Supported && c.text.contains("free-delivery"))
    };
    assert!(!flagged(&answer("below")));
    assert!(flagged(&answer("above")));
}

#[test]
fn attempts_prepositions_and_numbered_terms() {
    use crate::run::{AgentRun, ToolCall};
    let run = AgentRun {
        user_input: "Book the best one".into(),
        tool_calls: vec![
            ToolCall {
                id: "c1".into(),
                name: "get_service_terms".into(),
                result: Some(
                    "SERVICE TERMS — Metro Black Car\n\n2.1 Bookings cancelled at least 48 hours before pickup are refunded in full.\n"
                        .into(),
                ),
                ..Default::default()
            },
            ToolCall {
                id: "c2".into(),
                name: "request_package".into(),
                result: Some(r#"{"status":"refused","reason_code":"NO_DRIVER_AVAILABLE"}"#.into()),
                ..Default::default()
            },
        ],
        ..Default::default()
    };
    let ok = |answer: &str| {
        use crate::stage2::Scorer;
        crate::stage2::score::DeterministicScorer::new(crate::stage2::Stage2Config::default())
            .score(&run, answer)
            .iter()
            .all(|c| c.status == ClaimStatus::Supported)
    };
    // An attempt claims the call, which a refused write made.
    assert!(ok(
        "I tried to book Metro Black Car, but the platform refused it (`NO_DRIVER_AVAILABLE`)."
    ));
    // A preposition capitalized by its place starts no name.
    assert!(ok(
        "Under Metro Black Car's terms (term 2.1), you can cancel free of charge up to 48 hours before pickup."
    ));
    // A numbered term the document does not have.
    assert!(!ok(
        "Under Metro Black Car's terms (term 2.7), you can cancel free of charge up to 48 hours before pickup."
    ));
}

#[test]
fn a_reason_opened_by_since_as_or_b_c() {
    use crate::report::FlagKind;
    use crate::stage2::test_support::flagged_as;
    let ev = r#"{"permit":"TRP-2026-4645","status":"in_review","van_runs":["Tue","Fri"],"desks":[{"id":"DK-1","monitor":true}]}"#;
    let reason = |a: &str| flagged_as(ev, a, FlagKind::UnsupportedExplanation);
    // A reason with its own subject and verb, whose words the evidence does not hold.
    assert!(reason(
        "The permit is still in review, as the city is short-staffed this month."
    ));
    assert!(reason(
        "Delivery moved to Friday, since the van was reassigned after a breakdown."
    ));
    assert!(reason(
        "Delivery moved to Friday b/c of a tournament later that day."
    ));
    // A norm the evidence does not state, and what helped a result.
    assert!(reason(
        "The permit is in review, which is typical for suburban councils at this time of year."
    ));
    assert!(reason(
        "Both vans ran on time, helped by a quiet holiday schedule."
    ));
    // "since" and "as" as no reason: a point in time, a role, a standard phrase.
    assert!(!reason(
        "The permit has been in review since the start of May."
    ));
    assert!(!reason("The permit is in review, as of today."));
    // A reason that places a thing in the results' order speaks of the evidence's order.
    assert!(!reason(
        "I chose DK-1, as it was the first desk with a monitor on the list."
    ));
}
