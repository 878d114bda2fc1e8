use super::*;
use groundcheck_detectors::report::{
    Action, Claim, ClaimStatus, ClaimType, EvidenceSpan, FlagKind, FlaggedSpan,
    HallucinationReport, ToolCallStatus, ToolCallValidation,
};

const KEY: &[u8] = b"0123456789abcdef-test-key";

fn redactor(kinds: &str, patterns: &[&str]) -> Redactor {
    Redactor::new(&RedactConfig {
        kinds: RedactConfig::parse_kinds(kinds).unwrap(),
        patterns: patterns
            .iter()
            .map(|p| RedactConfig::parse_pattern(p).unwrap())
            .collect(),
        key: Some(KEY.to_vec()),
    })
    .unwrap()
}

fn all() -> Redactor {
    redactor("secret,card,email,phone,iban", &[])
}

/// `text` redacted; asserts every `values` is gone and a placeholder of `kind` is there.
fn assert_redacted(r: &Redactor, kind: &str, text: &str, values: &[&str]) -> String {
    let out = r.redact(text).into_owned();
    for v in values {
        assert!(!out.contains(v), "{v:?} left in {out:?}");
    }
    assert!(out.contains(&format!("[{kind}:")), "no {kind} in {out:?}");
    out
}

fn assert_kept(r: &Redactor, text: &str) {
    assert_eq!(r.redact(text), text, "changed");
}

#[test]
fn secrets() {
    let r = redactor("secret", &[]);
    for (text, v) in [
        (
            "key sk-proj-AbCdEf0123456789XyZaBcDeF0 end",
            "sk-proj-AbCdEf0123456789XyZaBcDeF0",
        ),
        (
            "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345",
            "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345",
        ),
        ("aws AKIAIOSFODNN7EXAMPLE.", "AKIAIOSFODNN7EXAMPLE"),
        (
            "ghp_0123456789abcdefghijABCDEFGHIJ012345",
            "ghp_0123456789abcdefghijABCDEFGHIJ012345",
        ),
        (
            "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
            "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
        ),
        (
            "xoxb-1234567890-abcdefghijkl",
            "xoxb-1234567890-abcdefghijkl",
        ),
        (
            "AIzaSyA1234567890abcdefghijklmnopqrstuv",
            "AIzaSyA1234567890abcdefghijklmnopqrstuv",
        ),
        (
            "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        ),
    ] {
        assert_redacted(&r, "secret", text, &[v]);
    }
    // Bearer: the token only.
    let out = assert_redacted(
        &r,
        "secret",
        "Authorization: Bearer abcDEF123456ghiJKL789",
        &["abcDEF123456ghiJKL789"],
    );
    assert!(out.starts_with("Authorization: Bearer [secret:"), "{out}");
    // Private key blocks, also JSON-escaped and cut off.
    let pem =
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nqwerty\n-----END RSA PRIVATE KEY-----";
    let out = assert_redacted(&r, "secret", &format!("a {pem} b"), &["MIIEow", "qwerty"]);
    assert!(
        out.starts_with("a [secret:") && out.ends_with("] b"),
        "{out}"
    );
    assert_redacted(
        &r,
        "secret",
        r#"{"k":"-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----"}"#,
        &["MIIEvQ"],
    );
    assert_redacted(
        &r,
        "secret",
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk",
        &["b3BlbnNz"],
    );
    // Not secrets.
    for t in [
        "the bearer of this card",
        "Bearer bonds",
        "task-force sk-short",
        "AKIA123",
        "eyJ is a prefix",
        "BEGIN PRIVATE KEY without dashes",
    ] {
        assert_kept(&r, t);
    }
}

#[test]
fn cards_are_luhn_checked() {
    let r = redactor("card", &[]);
    for (t, v) in [
        ("card 4242424242424242 ok", "4242424242424242"),
        ("card 4242 4242 4242 4242.", "4242 4242 4242 4242"),
        ("card 5555-5555-5555-4444,", "5555-5555-5555-4444"),
        ("amex 3782 822463 10005", "3782 822463 10005"),
        ("{\"card\":\"4111111111111111\"}", "4111111111111111"),
        ("order 12 4242 4242 4242 4242 done", "4242 4242 4242 4242"),
    ] {
        assert_redacted(&r, "card", t, &[v]);
    }
    // Two cards in one run of digit groups.
    let out = r.redact("4242424242424242 5555555555554444").into_owned();
    assert_eq!(out.matches("[card:").count(), 2, "{out}");
    for t in [
        "card 4242424242424241",      // Luhn fails
        "at 1700000000004 ms",        // a timestamp's shape (Luhn-valid, starts with 1)
        "id 12345678901234567890123", // too long
        "order #W2378156",
        "SKU X4242424242424242",
        "price $1,299.99 on 2024-01-15",
    ] {
        assert_kept(&r, t);
    }
    // Equal numbers, any separators: one placeholder.
    assert_eq!(
        r.redact("4242424242424242"),
        r.redact("4242 4242 4242 4242")
    );
}

#[test]
fn emails_phones_ibans_are_opt_in() {
    let d = redactor("secret,card", &[]);
    for t in [
        "mail ana@example.com",
        "call +1 415-555-2671",
        "IBAN DE89 3704 0044 0532 0130 00",
    ] {
        assert_kept(&d, t);
    }
    let r = all();
    assert_redacted(
        &r,
        "email",
        "write to Ana.Lopez+shop@mail.example.co.uk today",
        &["Ana.Lopez+shop@mail.example.co.uk"],
    );
    assert_eq!(r.redact("ANA@EXAMPLE.COM"), r.redact("ana@example.com"));
    assert_redacted(
        &r,
        "iban",
        "IBAN DE89 3704 0044 0532 0130 00.",
        &["3704 0044"],
    );
    assert_redacted(&r, "iban", "GB82WEST12345698765432", &["GB82WEST"]);
    assert_kept(&r, "IBAN DE89 3704 0044 0532 0130 01");
}

#[test]
fn phones_are_conservative() {
    let r = redactor("phone", &[]);
    for (t, v) in [
        ("call +1 415-555-2671 now", "+1 415-555-2671"),
        ("call +14155552671.", "+14155552671"),
        ("tel (415) 555-2671", "(415) 555-2671"),
        ("tel 415-555-2671", "415-555-2671"),
        ("tel 415.555.2671", "415.555.2671"),
        ("tel +44 20 7946 0958", "+44 20 7946 0958"),
        ("tel 020 7946 0958", "020 7946 0958"),
        ("tel +49 (0)30 123456", "+49 (0)30 123456"),
    ] {
        assert_redacted(&r, "phone", t, &[v]);
    }
    for t in [
        "order #W2378156 shipped",
        "order 2378156",
        "user id 4155552671",
        "account 123456789",
        "on 2024-01-15 at 10:30",
        "on 15.01.2024",
        "on 01/15/2024",
        "price $1,299.99 (was $1,499.00)",
        "up +12.5% to 45.3",
        "+5 items",
        "version 1.2.3",
        "ip 192.168.100.1",
        "isbn 978-3-16-148410-0",
        "ts 1700000000000",
    ] {
        assert_kept(&r, t);
    }
}

#[test]
fn operator_patterns_and_value_groups() {
    let r = redactor(
        "none",
        &[
            r"employee=\bEMP-[0-9]{6}\b",
            r"pin=PIN:\s*(?P<value>[0-9]{4})",
        ],
    );
    let out = assert_redacted(
        &r,
        "employee",
        "by EMP-123456 with PIN: 1234",
        &["EMP-123456"],
    );
    assert!(out.contains("PIN: [pin:") && !out.contains("1234"), "{out}");
    assert_eq!(r.kinds().collect::<Vec<_>>(), ["employee", "pin"]);
}

#[test]
fn configuration_errors_are_clear() {
    let e = RedactConfig::parse_kinds("secret,passport").unwrap_err();
    assert!(e.to_string().contains("\"passport\""), "{e}");
    assert!(RedactConfig::parse_kinds("none").unwrap().is_empty());
    for bad in ["noequals", "Bad=x", "card=x", "=x", "x="] {
        assert!(RedactConfig::parse_pattern(bad).is_err(), "{bad}");
    }
    let e = Redactor::new(&RedactConfig {
        patterns: vec![("x".into(), "(".into())],
        key: Some(KEY.to_vec()),
        ..Default::default()
    })
    .unwrap_err();
    assert!(
        e.to_string().contains("redact_pattern x: invalid regex"),
        "{e}"
    );
    let e = Redactor::new(&RedactConfig {
        key: Some(b"short".to_vec()),
        ..Default::default()
    })
    .unwrap_err();
    assert!(matches!(e, RedactError::ShortKey(5)), "{e}");
}

#[test]
fn placeholders_are_keyed_hashes() {
    let r = all();
    let a = r.redact("ana@example.com").into_owned();
    assert!(a.len() == "[email:]".len() + 12, "{a}");
    assert!(a[7..19].bytes().all(|b| b.is_ascii_hexdigit()), "{a}");
    let other = Redactor::new(&RedactConfig {
        kinds: vec![BuiltinKind::Email],
        key: Some(b"another-key-of-16-bytes".to_vec()),
        ..Default::default()
    })
    .unwrap();
    assert_ne!(other.redact("ana@example.com"), a, "another key");
    assert_ne!(r.redact("bob@example.com"), a, "another value");
    let random = Redactor::new(&RedactConfig {
        kinds: vec![BuiltinKind::Email],
        ..Default::default()
    })
    .unwrap();
    assert!(random.key_is_random() && !r.key_is_random());
    // Counted per kind.
    let counts: HashMap<&str, u64> = r.counts().into_iter().collect();
    assert_eq!(counts["email"], 2);
    assert_eq!(counts["card"], 0);
}

use std::collections::HashMap;

#[test]
fn unicode_around_matches() {
    let r = all();
    let t = "Grüße 👋 — Ana ✉ ana@example.com, ☎ +33 1 42 68 53 00, 💳 4242 4242 4242 4242 ✓ sk-abcdefghijklmnopqrstuvwxyz";
    let out = r.redact(t).into_owned();
    for v in [
        "ana@example.com",
        "+33 1 42 68 53 00",
        "4242 4242",
        "sk-abc",
    ] {
        assert!(!out.contains(v), "{v} in {out}");
    }
    assert!(
        out.starts_with("Grüße 👋 — Ana ✉ [email:") && out.contains("✓ [secret:"),
        "{out}"
    );
    let (red, map) = r.redact_mapped(t, &[]);
    assert_eq!(red, out);
    assert_eq!(map.map_end(t.chars().count()), red.chars().count());
    let at = t.chars().position(|c| c == '💳').unwrap();
    let new = map.map_start(at);
    assert_eq!(red.chars().nth(new), Some('💳'));
}

#[test]
fn disabled_changes_nothing() {
    let r = Redactor::disabled();
    assert!(!r.is_enabled());
    assert_kept(&r, "sk-abcdefghijklmnopqrstuvwxyz 4242424242424242");
}

// ---- reports ----

fn report(answer: &str, claims: Vec<Claim>, args: &str) -> HallucinationReport {
    HallucinationReport {
        run_id: "0af7651916cd43dd8448eb211c80319c".into(),
        claims,
        tool_call_validations: vec![ToolCallValidation {
            tool: "charge".into(),
            args: args.into(),
            status: ToolCallStatus::Invalid,
            errors: vec![format!("{args:?} is not valid")],
            call_id: "call-1".into(),
            turn: 0,
            retry_of: None,
            retried_by: None,
            error_rules: vec!["type".into()],
            span_id: None,
        }],
        consistency_probes: vec![],
        overall_score: 0.5,
        action: Action::Revise,
        version: "test".into(),
        trace_id: "0af7651916cd43dd8448eb211c80319c".into(),
        agent_name: None,
        service_name: None,
        model: None,
        dialect: "genai".into(),
        start_time_unix_nano: 0,
        end_time_unix_nano: 0,
        reported_at_unix_nano: 0,
        incomplete: false,
        incomplete_reason: None,
        final_answer: Some(answer.into()),
        conversation_id: None,
        tenant: None,
        profile: "default".into(),
        agent_span_id: None,
        answer_span_id: None,
        notes: vec![],
    }
}

fn claim(answer: &str, sub: &str, flagged: &str, evidence: Vec<EvidenceSpan>) -> Claim {
    let at = |s: &str| {
        let b = answer.find(s).unwrap();
        let c = answer[..b].chars().count() as u32;
        (c, c + s.chars().count() as u32)
    };
    let (fs, fe) = at(flagged);
    Claim {
        text: sub.into(),
        evidence_spans: evidence,
        score: 0.2,
        critical: true,
        status: ClaimStatus::Unsupported,
        start: fs,
        end: fe,
        reason: format!("fabricated reference: {flagged:?}"),
        flagged_spans: vec![FlaggedSpan {
            start: fs,
            end: fe,
            text: flagged.into(),
            reason: "fabricated reference".into(),
            kind: FlagKind::FabricatedReference,
        }],
        claim_type: ClaimType::Assertion,
    }
}

fn chars(s: &str, a: u32, b: u32) -> String {
    s.chars().skip(a as usize).take((b - a) as usize).collect()
}

#[test]
fn a_report_is_redacted_with_offsets_kept_valid() {
    let r = all();
    let answer = "Ünïcode ✓ Charged 4242 4242 4242 4242 for ana@example.com. Key sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX used.";
    let mut run = groundcheck_detectors::run::AgentRun {
        run_id: "0af7651916cd43dd8448eb211c80319c".into(),
        ..Default::default()
    };
    let result = "{\"email\":\"ana@example.com\",\"status\":\"charged\"}";
    run.tool_calls.push(groundcheck_detectors::run::ToolCall {
        id: "call-1".into(),
        name: "charge".into(),
        result: Some(result.into()),
        ..Default::default()
    });
    let ev_at = result.find("ana@example.com").unwrap() as u32;
    let ev = EvidenceSpan {
        tool_call_id: "call-1".into(),
        start: ev_at - 3,
        end: ev_at + 5, // cuts into the e-mail
        text: result[(ev_at - 3) as usize..(ev_at + 5) as usize].into(),
    };
    let c1 = claim(
        answer,
        "Charged 4242 4242 4242 4242 for ana@example.com.",
        "4242 4242 4242 4242",
        vec![ev],
    );
    let c2 = claim(
        answer,
        "Key sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX used.",
        "ABCDEFGHIJ", // a fragment of the key
        vec![],
    );
    let args = "{\"card\":\"4242424242424242\",\"token\":\"Bearer tok_live_0123456789abcdef\"}";
    let mut rep = report(answer, vec![c1, c2], args);
    rep.notes
        .push("retry with tok_live_0123456789abcdef".into());
    redact_report(&r, &mut rep, Some(&run));

    let json = serde_json::to_string(&rep).unwrap();
    for raw in [
        "4242 4242",
        "4242424242424242",
        "ana@example.com",
        "sk-proj-ABC",
        "ABCDEFGHIJ",
        "tok_live_0123456789abcdef",
    ] {
        assert!(!json.contains(raw), "{raw} left in {json}");
    }
    let red = rep.final_answer.as_deref().unwrap();
    assert!(red.starts_with("Ünïcode ✓ Charged [card:"), "{red}");
    for c in &rep.claims {
        let f = &c.flagged_spans[0];
        assert_eq!(
            chars(red, f.start, f.end),
            f.text,
            "flagged span slices the answer"
        );
        assert!(
            f.text.starts_with('[') && f.text.ends_with(']'),
            "{}",
            f.text
        );
        assert!(red.contains(&c.text), "claim text is a slice of the answer");
    }
    // The same card in the answer and the arguments: one placeholder.
    let card_ph = &rep.claims[0].flagged_spans[0].text;
    assert!(rep.tool_call_validations[0].args.contains(card_ph.as_str()));
    // The evidence span covers the whole e-mail placeholder in the redacted result.
    let e = &rep.claims[0].evidence_spans[0];
    let (red_result, _) = r.redact_mapped(result, &[]);
    assert_eq!(chars(&red_result, e.start, e.end), e.text);
    assert!(
        e.text.contains("[email:") && e.text.ends_with(']'),
        "{}",
        e.text
    );
    assert_eq!(rep.run_id, "0af7651916cd43dd8448eb211c80319c");
}

// ---- property: offsets ----

use proptest::prelude::*;

const VALUES: &[&str] = &[
    "ana@example.com",
    "4242 4242 4242 4242",
    "5555555555554444",
    "sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX",
    "+1 415-555-2671",
    "AKIAIOSFODNN7EXAMPLE",
];

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-zé✓👋 .,]{0,12}",
        1 => proptest::sample::select(VALUES).prop_map(str::to_owned),
        1 => "[0-9 #-]{0,10}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn remapped_offsets_index_the_redacted_text(
        pieces in proptest::collection::vec(piece(), 0..8),
        a in 0usize..200, b in 0usize..200,
    ) {
        let r = all();
        let text: String = pieces.join(" ");
        let n = text.chars().count();
        let (s, e) = (a.min(b).min(n), a.max(b).min(n));
        let (red, map) = r.redact_mapped(&text, &[]);
        let rn = red.chars().count();
        let (ns, ne) = (map.map_start(s), map.map_end(e));
        prop_assert!(ns <= ne && ne <= rn, "{} {} {}", ns, ne, rn);
        // char offsets: slicing by chars always lands on char boundaries
        let slice: String = red.chars().skip(ns).take(ne - ns).collect();
        prop_assert_eq!(slice.chars().count(), ne - ns);
        for v in VALUES {
            prop_assert!(!red.contains(v), "{} in {}", v, red);
        }
        // A range touching no value is unchanged.
        let orig: String = text.chars().skip(s).take(e - s).collect();
        let touches = map.replaced().iter().any(|x| x.orig.0 < e && s < x.orig.1);
        if !touches {
            prop_assert_eq!(slice, orig);
        }
    }
}
