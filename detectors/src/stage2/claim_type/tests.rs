//! Tests of the claim types.

use super::*;
use ClaimType::*;

#[test]
fn types_of_agent_sentences() {
    let cases = [
        ("Your order #W123 was delivered on May 3.", Assertion),
        ("The total is $54.20.", Assertion),
        ("**Owner:** Monica Reyes", Assertion),
        ("Sounds good!", Social),
        (
            "Right then — I've checked the Leith house rules for you.",
            ActionReport,
        ),
        (
            "Following on from my last message: I've checked the rules.",
            ActionReport,
        ),
        ("Good news, we've moved your booking.", ActionReport),
        ("Picking up where we left off.", Social),
        ("So I took the next opening, two hours later.", ActionReport),
        ("And I'll send the receipt.", IntentOrOffer),
        ("So the total is $54.20.", Assertion),
        // Emphatic imperatives; a prepositional lead-in leaves the type to its main
        // clause.
        ("Do let us know if anything else is required.", Instruction),
        ("Do you still have the invoice from March.", Assertion),
        ("As discussed above, please find the details.", Instruction),
        (
            "Further to my last message, I have checked the same.",
            ActionReport,
        ),
        ("As per the policy, refunds take 7 days.", Assertion),
        ("Further, the refund takes 7 days.", Assertion),
        ("Please note the reference number.", Instruction),
        ("Following up on my last message.", Social),
        ("Shipping to our warehouse in Leeds.", Assertion),
        ("Pending since we spoke on 3 May.", Assertion),
        ("Your plan: Flex 20 at £219.00.", Assertion),
        ("Shout if anything's unclear.", Instruction),
        ("Ask if you need the full text.", Instruction),
        ("Molina if that applies.", Assertion),
        ("Refunds if it arrives damaged are free.", Assertion),
        ("I've cancelled the order.", ActionReport),
        (
            "I have successfully authenticated your identity.",
            ActionReport,
        ),
        (
            "It seems I couldn't find a user with that email address.",
            ActionReport,
        ),
        (
            "I'll proceed with the return once you confirm.",
            IntentOrOffer,
        ),
        (
            "Once confirmed, I'll proceed with the return request.",
            IntentOrOffer,
        ),
        (
            "If yes, I’ll proceed with the exchange request.",
            IntentOrOffer,
        ),
        (
            "Once the return is processed, the new item will be shipped to you.",
            IntentOrOffer,
        ),
        ("I can look up your recent orders for you.", IntentOrOffer),
        ("Please provide your address (line 1, line 2).", Instruction),
        ("Let me know which option you prefer!", Instruction),
        ("Ping me if a number looks off.", Instruction),
        ("Tell us when the parcel arrives.", Instruction),
        ("Say the word if you want this exported.", IntentOrOffer),
        ("Happy to re-run it for another date if you'd like.", Social),
        ("The late fee applies if you pay after 6 days.", Assertion),
        (
            "Your account's `tariff_path` points to `tariffs/E-TOU-C.md`, if you want the full text.",
            Assertion,
        ),
        ("Gate access is suspended if you want to enter after 22:00.", Assertion),
        (
            "Either way, don't double up to make up for it (3.2).",
            Instruction,
        ),
        ("Do not store it above 25°C.", Instruction),
        ("Either way, the refund is $25.97.", Assertion),
        ("Could you confirm the order number?", Question),
        ("Which item would you like to return?", Question),
        ("Understood.", Social),
        ("Let’s try another way.", IntentOrOffer),
        ("Thank you!", Social),
        (
            "While I can't replace human connection, I'm glad I could help you today.",
            Social,
        ),
        ("I'm sorry for the inconvenience.", Social),
        ("I'm unable to find that order.", ActionReport),
        ("Flight BA1499 is delayed by 1 hour 20 minutes.", Assertion),
        (
            "Alternatively, you can share your first name, last name, and zip code.",
            Instruction,
        ),
        (
            "Alternatively, I can cancel the entire order for you.",
            IntentOrOffer,
        ),
        (
            "To assist you, I first need to authenticate your identity.",
            IntentOrOffer,
        ),
        (
            "I recommend contacting a human agent to investigate this further.",
            Social,
        ),
        (
            "You will receive an email shortly with instructions.",
            Instruction,
        ),
        (
            "You'd get $236.00 back to your original payment method.",
            Assertion,
        ),
        ("I see that your order was delivered on May 3.", Assertion),
        ("Unfortunately, the order was cancelled.", Assertion),
        ("I have your details.", Social),
        ("I have updated your address.", ActionReport),
        ("This will help me find your account.", IntentOrOffer),
        ("That would let us rebook you tonight.", IntentOrOffer),
        (
            "Your refund will be issued to the original card.",
            Assertion,
        ),
    ];
    for (text, want) in cases {
        assert_eq!(classify(text), want, "{text}");
    }
}

#[test]
fn signatures_of_letter_style_answers() {
    let a = "Your bill is Rs. 3,140.\n\nWarm regards,\nMember Services, Sahyadri Dairy";
    assert_eq!(signature_start(a), a.find("Warm"));
    let a = "Paid.\n\nThanks & Regards,\nMeera\nTeam CoolBreeze Care\n";
    assert_eq!(signature_start(a), a.find("Thanks"));
    // A closing with nothing after it, or facts after a closing-like line: no signature.
    assert_eq!(signature_start("Paid.\n\nRegards,"), None);
    assert_eq!(
        signature_start("Best regards,\nYour refund of $40 was issued on 3 May."),
        None
    );
    assert_eq!(signature_start("The total is $54.20."), None);
    assert_eq!(
        classify("Greetings from Sahyadri Dairy!"),
        ClaimType::Social
    );
}

#[test]
fn imperatives_after_a_colon() {
    assert!(imperative_opening(
        "remove the checks from code first, then archive the flags."
    ));
    assert!(imperative_opening("Check your settings."));
    // Reports, statements and prepositions before a determiner are no imperatives.
    for t in [
        "Cancelled the order.",
        "Includes the fee.",
        "Inside the freeze window.",
        "Sent the receipt.",
        "All the runs passed.",
        "Currently the build is red.",
        "Running the suite took 4 minutes.",
    ] {
        assert!(!imperative_opening(t), "{t}");
    }
    let unit = "These are safe cleanup candidates: remove the checks from code first, then archive the flags.";
    assert_eq!(before_instruction(unit), Some(33));
    assert_eq!(before_instruction("Status: the build passed."), None);
    assert_eq!(before_instruction("Note: restart the agent."), None);
}

#[test]
fn items_the_user_is_asked_to_supply() {
    let ask = "Got it! Could you please provide the full details of your new address, including:\n\n1. The first line of the address (e.g., street name and number).\n2. The second line (if applicable, like an apartment or suite number).\n3. The city (which I assume is Phoenix).\n\nOnce I have them, I'll update it.";
    let at = |needle: &str| {
        let s = ask.find(needle).unwrap();
        (s, s + needle.len())
    };
    let (s, e) = at("The second line (if applicable, like an apartment or suite number).");
    assert_eq!(requested_item(ask, s, e), Some(ClaimType::Instruction));
    let (s, e) = at("The city (which I assume is Phoenix).");
    assert_eq!(requested_item(ask, s, e), Some(ClaimType::Instruction));
    // A read-back for confirmation states values: still assertions.
    let confirm = "Please confirm the following:\n- New address: 12 Elm St, Phoenix\n- Your refund goes to PayPal\n- The order is #W1234567";
    let s = confirm.find("New address").unwrap();
    assert_eq!(requested_item(confirm, s, s + 31), None);
    let s = confirm.find("The order").unwrap();
    assert_eq!(requested_item(confirm, s, confirm.len()), None);
    let s = confirm.find("Your refund").unwrap();
    assert_eq!(requested_item(confirm, s, s + 27), None);
    // Under a lead-in that states something, an item is what it says.
    let found = "Here is what I found:\n- The second line is empty.";
    let s = found.find("The second").unwrap();
    assert_eq!(requested_item(found, s, found.len()), None);
    // Not a list item.
    let s = ask.find("Once I have").unwrap();
    assert_eq!(requested_item(ask, s, ask.len()), None);
}

#[test]
fn labels() {
    let t = "**Current Item**: Desk Lamp (White) - $137.94";
    let (s, e) = label_span(t).unwrap();
    assert_eq!(&t[s..e], "**Current Item**:");
    let t = "Current Item: Pet Bed (large) - $195.11";
    assert_eq!(&t[..label_span(t).unwrap().1], "Current Item:");
    assert_eq!(label_span("It departs at 4:30 PM."), None);
    assert_eq!(
        label_span("Note that the order is pending: it ships soon."),
        None
    );
    assert_eq!(label_span("### Order details"), Some((0, 17)));
}

#[test]
fn advice_after_a_label_that_names_advice() {
    assert_eq!(
        classify("**Recommendation:** shift budget toward Win-back – Email."),
        Instruction
    );
    assert_eq!(
        classify("Next step: line up a weekday promotion if the dip continues."),
        Instruction
    );
    // A statement after such a label, or advice under another label, is what it says.
    assert_eq!(
        classify("Next step: the agency confirms the change by Friday."),
        Assertion
    );
    assert_eq!(
        classify("Next step: I've escalated it to finance."),
        ActionReport
    );
    assert_eq!(classify("Status: shipped on May 3."), Assertion);
}

#[test]
fn status_symbols_opening_a_chat_line_mark_it_only() {
    // The line's symbol says nothing of the statement: a labeled value stays a statement, an
    // offer an offer.
    assert_eq!(classify("📌 Admin: @ted.moss;"), Assertion);
    assert_eq!(classify("✅ Owner: Monica Reyes"), Assertion);
    assert_eq!(
        classify("⚠️ Let me know if you want the export."),
        Instruction
    );
    assert_eq!(classify("👋 Happy to help!"), Social);
    assert_eq!(
        classify("❌ Request refused — `NO_SEATS_AVAILABLE`."),
        classify("Request refused — `NO_SEATS_AVAILABLE`.")
    );
    assert_eq!(
        classify("✅ Past the 36-month mark, so a refresh can be ordered now."),
        Assertion
    );
    assert_eq!(
        label_span("📌 Admin: @ted.moss"),
        Some((0, "📌 Admin:".len()))
    );
    assert_eq!(
        label_span("✅ **Eligible**: yes"),
        Some((0, "✅ **Eligible**:".len()))
    );
}

#[test]
fn labels_of_key_value_rows_and_lower_case_chat_lines() {
    assert_eq!(
        label_span("| Next step | use the peak-week programme. |"),
        Some((0, "| Next step |".len()))
    );
    assert_eq!(
        classify("| Next step | use the peak-week programme as the template. |"),
        Instruction
    );
    assert_eq!(
        classify("next step: line up a weekday promotion if the dip continues."),
        Instruction
    );
    assert_eq!(
        label_span("source: `v_claims_quarter` for 2026-Q1."),
        Some((0, "source:".len()))
    );
    // A data row names its record in the first cell: no label of two cells there.
    assert_eq!(label_span("| `TL-55858` | Torque multiplier |"), None);
    assert_eq!(label_span("| Held now | 1,775 | 79.88 |"), None);
    // A sentence before a colon is no label.
    assert_eq!(label_span("the reason is simple: it shipped."), None);
}

#[test]
fn imperatives_of_purpose() {
    for t in [
        "Reply Y to confirm, N to pick another time — thx!",
        "Text STOP to opt out.",
        "Press 1 to repeat this message.",
        "Use the side gate to reach the pump.",
        "Reply HELP for help",
        "Press 0 for an operator.",
    ] {
        assert_eq!(classify(t), ClaimType::Instruction, "{t}");
    }
    // A keyword's "for" form states nothing once a finite verb follows, and a capitalized
    // noun after a verb of the third person is no keyword.
    for t in [
        "Reply HELP for help is sent within 5 minutes.",
        "Parking costs $5 for members.",
        "Book 2 for the Friday class was full.",
    ] {
        assert_eq!(classify(t), ClaimType::Assertion, "{t}");
    }
    for t in [
        "Travel time to Denver is 3 hours.",
        "Access to the portal was restricted on May 2.",
        "Crew heads to 12 Elm St next.",
        "Next visit to the site: Tue 5/12.",
        "Upgrade to Pro costs $20 a month.",
        "Jamaal Charles went to Oklahoma State.",
        "Superheaven and Oceansize belong to different subgenres.",
        "Cyril Briggs dedicated himself to the cause.",
    ] {
        assert_eq!(classify(t), ClaimType::Assertion, "{t}");
    }
}

#[test]
fn the_organizations_practice_with_a_number_is_an_assertion() {
    assert_eq!(
        classify("We pay approved claims within five business days (section 2.6)."),
        ClaimType::Assertion
    );
    assert_eq!(
        classify("While you wait, we pay you back up to $75 a day for three days (section 4.1)."),
        ClaimType::Assertion
    );
    assert_eq!(
        classify("We're holding the full $1,200 for your home (section 3.1)."),
        ClaimType::Assertion
    );
    assert_eq!(classify("We're here if you need us."), ClaimType::Social);
    // The agent's stance, and the organization's with nothing to check, stay talk.
    assert_eq!(classify("We appreciate your patience."), ClaimType::Social);
    assert_ne!(classify("I recommend the 08:04."), ClaimType::Assertion);
}

#[test]
fn a_bare_imperative_sentence_is_an_instruction() {
    assert_eq!(
        classify("Check the Holdings screen for other eligible lots."),
        ClaimType::Instruction
    );
    assert_eq!(
        classify("Call the trade desk for same-week stock."),
        ClaimType::Instruction
    );
    // A name, a verb of its own, a label, a number: no instruction.
    assert_eq!(
        classify("Walk the Moon was formed earlier."),
        ClaimType::Assertion
    );
    assert_eq!(
        classify("Note: The credit note was already issued to the finance team."),
        ClaimType::Assertion
    );
    assert_eq!(
        classify("Return the 2 items for a refund of the deposit."),
        ClaimType::Assertion
    );
}

#[test]
fn note_style_tasks_and_abbreviated_please() {
    let cases = [
        (
            "F/u: Marco to call cust. re the discount offer;",
            IntentOrOffer,
        ),
        (
            "Next: Ana Ruiz to confirm the slot with the centre.",
            IntentOrOffer,
        ),
        (
            "F/u: Owner: Yuki — pls reply to the backer w/ the ETA and options.",
            Instruction,
        ),
        // Without a label, with a number or with a finite verb, it stays a statement.
        ("Refund to card issued on Friday.", Assertion),
        ("F/u: Marco to refund $40 by Friday.", Assertion),
        ("Outcome: Marco to Lisbon was rebooked.", Assertion),
    ];
    for (text, want) in cases {
        assert_eq!(classify(text), want, "{text}");
    }
}

#[test]
fn a_recommendation_with_a_fact_after_a_dash() {
    let cases = [
        (
            "I'd go with Quiet Wing — the closest of the open lounges to B18.",
            Assertion,
        ),
        ("I'd go with Quiet Wing.", IntentOrOffer),
        ("I'd go with Quiet Wing — happy to book it.", IntentOrOffer),
    ];
    for (text, want) in cases {
        assert_eq!(classify(text), want, "{text}");
    }
}
