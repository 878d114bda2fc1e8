//! Property tests over arbitrary Unicode answers and evidence: every kind of Unicode white
//! space (U+00A0, U+2003, U+3000, …), combining marks, right-to-left text and controls, CJK,
//! emoji (with ZWJ sequences and flags), NUL, lone backslashes and escapes, mixed with the
//! abbreviations that steer claim segmentation ("Cal.", "e.g.", "Dr.") and with numbers,
//! dates, money and identifiers that the scorer checks.
//!
//! For every generated run: the detector produces a report without panicking
//! ([`Detector::detect_isolated`] reports no caught panic), every claim's offsets are
//! character (Unicode scalar) offsets inside the answer, in the sentence whose text holds the
//! claim's (a claim is a sentence or the part of one before an instruction to the user), every
//! flagged span lies inside its claim's sentence and names the answer's text there, and every evidence span names text of
//! the evidence it cites.

use groundcheck_detectors::pipeline::{Detector, DetectorConfig};
use groundcheck_detectors::report::HallucinationReport;
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_detectors::stage1::{Stage1, Stage1Config};
use groundcheck_detectors::stage2::{Aggregation, DeterministicScorer, Stage2Config};
use groundcheck_detectors::stage4::Thresholds;
use groundcheck_detectors::text::{char_offset, segment};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

/// Every `char::is_whitespace` character, plus zero-width characters that are not white space.
const SPACES: &[&str] = &[
    " ", "\t", "\n", "\r\n", "\u{b}", "\u{c}", "\u{85}", "\u{a0}", "\u{1680}", "\u{2000}",
    "\u{2001}", "\u{2002}", "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2007}", "\u{2008}",
    "\u{2009}", "\u{200a}", "\u{2028}", "\u{2029}", "\u{202f}", "\u{205f}", "\u{3000}", "\u{200b}",
    "\u{feff}",
];

const ABBREVIATIONS: &[&str] = &[
    "Cal.", "Civ.", "e.g.", "i.e.", "Dr.", "Mr.", "Mrs.", "St.", "No.", "U.S.", "a.m.", "p.m.",
    "etc.", "vs.", "approx.", "Inc.", "Fig.", "Sec.", "J.",
];

const SCRIPTS: &[&str] = &[
    "שלום עולם",
    "مرحبا بالعالم",
    "\u{202e}gnp.exe\u{202c}",
    "\u{200f}",
    "\u{200e}",
    "東京は大きい",
    "日本語のテキスト",
    "。",
    "、",
    "中文",
    "한국어",
    "Ａｂｃ１２３",
    "😀",
    "👩\u{200d}👩\u{200d}👧",
    "🇫🇷",
    "👍🏽",
    "e\u{301}",
    "a\u{308}\u{332}",
    "\u{301}",
    "Z\u{36b}\u{36c}\u{36d}",
    "İstanbul",
    "straße",
    "ﬁ",
    "Ω",
    "\0",
    "\\",
    "\\n",
    "\\u00a0",
    "\\\"",
    "\u{1f}",
    "\u{7f}",
    "\u{fffd}",
    "\u{10ffff}",
];

const FACTS: &[&str] = &[
    "The flight costs $308",
    "departing 4:30 PM",
    "on April 13, 2026",
    "2026-04-13",
    "ORD-12345",
    "AC1471",
    "€1.234,50",
    "up from 893,311",
    "3.5 million",
    "-2°C",
    "42%",
    "https://example.com/a?b=1",
    "ana@example.com",
    "Under Cal.\u{a0}Civ.\u{a0}Code § 1714",
    "I have refunded the order",
    "the least discussed",
    "followed by",
    "due to fog",
    "- ",
    "1. ",
    "• ",
    "`a. B`",
    "; ",
    ". ",
    "! ",
    "? ",
    "\n",
];

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(SPACES).prop_map(str::to_owned),
        2 => prop::sample::select(ABBREVIATIONS).prop_map(str::to_owned),
        2 => prop::sample::select(SCRIPTS).prop_map(str::to_owned),
        3 => prop::sample::select(FACTS).prop_map(str::to_owned),
        2 => "[A-Za-z]{1,8}",
        1 => any::<u32>().prop_map(|n| n.to_string()),
        2 => any::<char>().prop_map(String::from),
        1 => "\\PC{0,6}",
    ]
}

fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..max).prop_map(|v| v.concat())
}

fn detector() -> &'static Detector {
    static D: OnceLock<Detector> = OnceLock::new();
    D.get_or_init(|| {
        Detector::new(
            DetectorConfig::new(Thresholds::default(), Aggregation::Min),
            Stage1::new(Stage1Config::default(), None),
            vec![Arc::new(DeterministicScorer::new(Stage2Config::default()))],
        )
    })
}

fn run_of(answer: String, user: String, results: Vec<String>, json_result: bool) -> AgentRun {
    let mut run = AgentRun {
        run_id: "00112233445566778899aabbccddeeff".into(),
        user_input: user,
        final_answer: Some(answer),
        ..Default::default()
    };
    for (i, r) in results.into_iter().enumerate() {
        let result = if json_result && i == 0 {
            serde_json::json!({ "result": r, "items": [{ "name": r, "price": 308 }] }).to_string()
        } else {
            r
        };
        run.tool_calls.push(ToolCall {
            id: format!("call_{i}"),
            name: "lookup".into(),
            arguments: Some(r#"{"q":"x"}"#.into()),
            result: Some(result),
            ..Default::default()
        });
    }
    run
}

fn sub(chars: &[char], s: u32, e: u32) -> String {
    chars[s as usize..e as usize].iter().collect()
}

/// The report's offset invariants (see the module docs); `Err` names the first violation.
fn check(r: &HallucinationReport, run: &AgentRun) -> Result<(), String> {
    let answer = run.final_answer.as_deref().unwrap_or("");
    if r.final_answer.as_deref() != Some(answer) {
        return Err("the report's final answer is not the run's".into());
    }
    let chars: Vec<char> = answer.chars().collect();
    let n = chars.len() as u32;
    let sentences: Vec<(u32, u32)> = segment(answer)
        .into_iter()
        .map(|(s, e)| (char_offset(answer, s) as u32, char_offset(answer, e) as u32))
        .collect();
    let docs = run.evidence();
    for c in &r.claims {
        if !(c.start <= c.end && c.end <= n) {
            return Err(format!(
                "claim {:?} at ({}, {}) outside the answer of {n} chars",
                c.text, c.start, c.end
            ));
        }
        // A claim is its sentence, or the part of it before an instruction to the user
        // ("… $308: book it now"); its offsets (narrowed to the offending text when flagged)
        // and its text lie in the same sentence.
        let home = sentences.iter().find(|&&(s, e)| {
            sub(&chars, s, e).contains(c.text.as_str())
                && s <= c.start
                && c.end <= e
                && c.flagged_spans
                    .iter()
                    .all(|f| s <= f.start && f.start <= f.end && f.end <= e)
        });
        if home.is_none() {
            return Err(format!(
                "claim {:?} at ({}, {}) or one of its flagged spans {:?} is not inside the claim",
                c.text, c.start, c.end, c.flagged_spans
            ));
        }
        for f in &c.flagged_spans {
            if sub(&chars, f.start, f.end) != f.text {
                return Err(format!(
                    "flagged span {f:?} does not name the answer's text"
                ));
            }
        }
        for ev in &c.evidence_spans {
            let named = docs
                .iter()
                .filter(|d| d.source == ev.tool_call_id)
                .any(|d| {
                    let dc: Vec<char> = d.text.chars().collect();
                    ev.start <= ev.end
                        && ev.end as usize <= dc.len()
                        && sub(&dc, ev.start, ev.end) == ev.text
                });
            if !named {
                return Err(format!("evidence span {ev:?} names no text of its source"));
            }
        }
        if !(c.score.is_finite() && (0.0..=1.0).contains(&c.score)) {
            return Err(format!("claim score {}", c.score));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// The answer partly copies the evidence (so claims get supported and cited, not only
    /// flagged) and partly adds text of its own.
    #[test]
    fn every_unicode_run_gets_a_report_with_offsets_inside_the_answer(
        shared in text(12),
        own in text(24),
        extra in text(16),
        user in text(10),
        results in prop::collection::vec(text(16), 0..3),
        json_result in any::<bool>(),
        answer_first in any::<bool>(),
    ) {
        let answer = if answer_first { format!("{own}{shared}") } else { format!("{shared} {own}") };
        let mut results = results;
        results.push(format!("{shared}{extra}"));
        let run = run_of(answer, user, results, json_result);
        let (report, panic) = detector().detect_isolated(&run, 1);
        prop_assert!(panic.is_none(), "the detector panicked: {:?}", panic);
        prop_assert!(!report.incomplete, "{:?}", report.incomplete_reason);
        if let Err(e) = check(&report, &run) {
            return Err(TestCaseError::fail(format!("{e}\nanswer: {:?}", run.final_answer)));
        }
        // Both encodings of the report work on any text.
        let json = serde_json::to_string(&report).unwrap();
        let back: HallucinationReport = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.claims.len(), report.claims.len());
    }

    /// Segmentation alone over any string (not only the vocabulary): ordered, non-empty
    /// ranges on character boundaries.
    #[test]
    fn segments_lie_on_character_boundaries(t in "\\PC{0,80}", v in text(30)) {
        for t in [t, v] {
            let mut last = 0;
            for (s, e) in segment(&t) {
                prop_assert!(last <= s && s < e && e <= t.len(), "({}, {}) in {:?}", s, e, t);
                prop_assert!(t.is_char_boundary(s) && t.is_char_boundary(e), "({}, {}) in {:?}", s, e, t);
                last = e;
            }
        }
    }
}

/// A claim narrowed before an instruction that follows a colon, with a vertical tab beside
/// the colon (a case the property test found): the claim is the text at its offsets, inside
/// its sentence.
#[test]
fn claim_narrowed_before_an_instruction_names_the_answer_text() {
    let answer = "The flight costs $308\u{b}: AAa\u{b}the least discussed";
    let run = run_of(
        answer.into(),
        String::new(),
        vec!["The flight costs $308".into()],
        false,
    );
    let (report, panic) = detector().detect_isolated(&run, 1);
    assert!(panic.is_none(), "{panic:?}");
    check(&report, &run).unwrap();
    // The claim is the part of the sentence before the colon, not the whole sentence.
    let texts: Vec<&str> = report.claims.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["The flight costs $308\u{b}"], "{report:?}");
}

/// The input of issue 20: an abbreviation followed by a non-breaking space (and the other
/// wide spaces) in the final answer, as in the HaluEval summarization rows.
#[test]
fn abbreviation_before_a_non_breaking_space_is_reported() {
    let answer = "Under Cal.\u{a0}Civ.\u{a0}Code § 1714 the owner is liable for $5,000. \
                  See e.g.\u{2003}Dr.\u{3000}Smith's note of April 13, 2026. 東京。";
    let run = run_of(
        answer.into(),
        "Is the owner liable under Cal. Civ. Code § 1714?".into(),
        vec!["Cal. Civ. Code § 1714: everyone is responsible for an injury.".into()],
        false,
    );
    let (report, panic) = detector().detect_isolated(&run, 1);
    assert!(panic.is_none(), "{panic:?}");
    assert!(!report.incomplete);
    assert!(!report.claims.is_empty(), "{report:?}");
    check(&report, &run).unwrap();
    let chars = answer.chars().count() as u32;
    assert!(report.claims.iter().all(|c| c.end <= chars));
    // The "$5,000" the evidence does not hold is flagged, at its character offsets.
    let money = report
        .claims
        .iter()
        .flat_map(|c| &c.flagged_spans)
        .find(|f| f.text.contains("5,000"))
        .unwrap_or_else(|| panic!("$5,000 not flagged: {report:#?}"));
    let at = answer[..answer.find("5,000").unwrap()].chars().count() as u32;
    assert!(
        money.start <= at && at < money.end,
        "{money:?} vs char offset {at}"
    );
}
