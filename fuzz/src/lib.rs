//! Shared pieces of the fuzz targets: the detector under test (the defaults of `groundcheck
//! serve`, deterministic scorer, no LLM), OTLP request → runs, and the invariants every report
//! must hold. A violated invariant panics, so the fuzzer records the input as a crash.

use groundcheck_detectors::normalize::normalize_request;
use groundcheck_detectors::pipeline::{Detector, DetectorConfig};
use groundcheck_detectors::report::HallucinationReport;
use groundcheck_detectors::run::{build_run, AgentRun};
use groundcheck_detectors::span::NormalizedSpan;
use groundcheck_detectors::stage1::{Stage1, Stage1Config};
use groundcheck_detectors::stage2::{Aggregation, DeterministicScorer, Stage2Config};
use groundcheck_detectors::stage4::Thresholds;
use groundcheck_detectors::text::{char_offset, segment};
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use prost::Message;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The detector with `groundcheck serve`'s defaults (deterministic scorer, no LLM, no
/// registry), built once per process.
pub fn detector() -> &'static Detector {
    static D: OnceLock<Detector> = OnceLock::new();
    D.get_or_init(|| {
        Detector::new(
            DetectorConfig::new(Thresholds::default(), Aggregation::Min),
            Stage1::new(Stage1Config::default(), None),
            vec![Arc::new(DeterministicScorer::new(Stage2Config::default()))],
        )
    })
}

/// Normalize a request and build one run per trace id (as the assembler would once every
/// span has arrived). Rejected spans are dropped, as the receivers do.
pub fn runs_of(req: &ExportTraceServiceRequest) -> Vec<AgentRun> {
    let n = normalize_request(req);
    let _ = n.error_message();
    let mut by_trace: BTreeMap<[u8; 16], Vec<NormalizedSpan>> = BTreeMap::new();
    for s in n.spans {
        let _ = s.approx_bytes();
        by_trace.entry(s.trace_id).or_default().push(s);
    }
    by_trace.into_values().map(build_run).collect()
}

/// Stages 1–4 over every run of the request, each report checked and encoded. Panics (the
/// fuzzer's crash) propagate: `detect`, not `detect_isolated`, so a caught panic is not hidden.
pub fn detect_all(req: &ExportTraceServiceRequest) {
    for run in runs_of(req) {
        let report = detector().detect(&run, 1);
        check_report(&report, &run);
        check_encodings(&report);
    }
}

fn sub(chars: &[char], s: u32, e: u32) -> String {
    chars[s as usize..e as usize].iter().collect()
}

/// Every invariant of a report about `run`: claim offsets are character offsets inside the
/// final answer and name the claim's text, a whole sentence or its leading part (a unit ends at
/// the colon before an instruction) — for a structured (JSON) answer, a unit of its rendering
/// ([`groundcheck_detectors::stage2::rendered_text`]); every flagged span lies inside its claim's
/// sentence (inside the answer, for a structured one) and names its text; every evidence span names text of a document of that source;
/// scores are finite and in [0, 1].
pub fn check_report(r: &HallucinationReport, run: &AgentRun) {
    assert!(
        r.overall_score.is_finite() && (0.0..=1.0).contains(&r.overall_score),
        "overall_score {}",
        r.overall_score
    );
    assert_eq!(r.run_id, run.run_id);
    let answer = run.final_answer.as_deref().unwrap_or("");
    let chars: Vec<char> = answer.chars().collect();
    let n = chars.len() as u32;
    let sentences: Vec<(u32, u32)> = segment(answer)
        .into_iter()
        .map(|(s, e)| {
            assert!(
                s <= e && answer.is_char_boundary(s) && answer.is_char_boundary(e),
                "segment ({s}, {e}) of {answer:?}"
            );
            (char_offset(answer, s) as u32, char_offset(answer, e) as u32)
        })
        .collect();
    let docs = run.evidence();
    // A structured (JSON) answer's claims are the units of its rendering, their offsets and
    // flagged texts still the answer's.
    let rendered: Option<Vec<String>> =
        groundcheck_detectors::stage2::rendered_text(answer).map(|text| {
            segment(&text)
                .into_iter()
                .map(|(s, e)| text[s..e].to_owned())
                .collect()
        });
    for c in &r.claims {
        assert!(
            c.score.is_finite() && (0.0..=1.0).contains(&c.score),
            "claim score {}",
            c.score
        );
        assert!(
            c.start <= c.end && c.end <= n,
            "claim ({}, {}) outside the answer ({n} chars)",
            c.start,
            c.end
        );
        if let Some(units) = &rendered {
            assert!(
                units
                    .iter()
                    .any(|u| *u == c.text || !c.text.is_empty() && u.starts_with(c.text.as_str())),
                "claim {:?} is no unit of the rendering of {answer:?}",
                c.text
            );
            for f in &c.flagged_spans {
                assert!(f.start <= f.end && f.end <= n, "flagged ({}, {})", f.start, f.end);
                assert_eq!(sub(&chars, f.start, f.end), f.text, "flagged span offsets");
            }
            continue;
        }
        // A claim is one sentence of the answer, or its leading part when the sentence goes on
        // with an instruction after a colon ("These are safe cleanup candidates: remove the
        // checks first" — the unit ends at the colon, `claim_type::before_instruction`).
        let home = sentences.iter().find(|&&(s, e)| {
            let sentence = sub(&chars, s, e);
            (sentence == c.text || !c.text.is_empty() && sentence.starts_with(c.text.as_str()))
                && s <= c.start
                && c.end <= e
                && c.flagged_spans
                    .iter()
                    .all(|f| s <= f.start && f.start <= f.end && f.end <= e)
        });
        assert!(
            home.is_some(),
            "claim {:?} ({}, {}) with flagged {:?} is not inside one sentence of {answer:?}",
            c.text,
            c.start,
            c.end,
            c.flagged_spans
        );
        for f in &c.flagged_spans {
            assert_eq!(sub(&chars, f.start, f.end), f.text, "flagged span offsets");
        }
        for ev in &c.evidence_spans {
            assert!(
                ev.start <= ev.end,
                "evidence span ({}, {})",
                ev.start,
                ev.end
            );
            let found = docs
                .iter()
                .filter(|d| d.source == ev.tool_call_id)
                .any(|d| {
                    let dc: Vec<char> = d.text.chars().collect();
                    ev.end as usize <= dc.len() && sub(&dc, ev.start, ev.end) == ev.text
                });
            assert!(found, "evidence span {ev:?} names no text of its source");
        }
    }
}

/// JSON (the JSONL, ClickHouse and Kafka-JSON form) and protobuf (the Kafka-protobuf form)
/// both encode and decode back to the same report.
pub fn check_encodings(r: &HallucinationReport) {
    let json = serde_json::to_string(r).expect("report encodes as JSON");
    let back: HallucinationReport = serde_json::from_str(&json).expect("report JSON decodes");
    assert_eq!(&back, r, "JSON round trip");
    let pb = r.to_proto();
    let bytes = pb.encode_to_vec();
    let decoded = groundcheck_proto::report::HallucinationReport::decode(bytes.as_slice())
        .expect("report protobuf decodes");
    assert_eq!(decoded, pb, "protobuf round trip");
}

// ------------------------------------------------------------------ structured text

/// Every Unicode white-space character (`char::is_whitespace`) plus the zero-width ones
/// that are not white space but look like it.
pub const SPACES: &[&str] = &[
    " ", "\t", "\n", "\r\n", "\u{b}", "\u{c}", "\u{85}", "\u{a0}", "\u{1680}", "\u{2000}",
    "\u{2001}", "\u{2002}", "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2007}", "\u{2008}",
    "\u{2009}", "\u{200a}", "\u{2028}", "\u{2029}", "\u{202f}", "\u{205f}", "\u{3000}", "\u{200b}",
    "\u{feff}", "\u{200d}",
];

/// Words that steer segmentation and the scorer: abbreviations, units, months, currencies,
/// action verbs, direction words, non-ASCII scripts, combining marks, emoji, escapes.
pub const WORDS: &[&str] = &[
    "Cal.",
    "Civ.",
    "Code",
    "§",
    "e.g.",
    "i.e.",
    "Dr.",
    "Mr.",
    "St.",
    "No.",
    "U.S.",
    "a.m.",
    "p.m.",
    "etc.",
    "vs.",
    "approx.",
    "Inc.",
    "The",
    "flight",
    "costs",
    "departs",
    "at",
    "on",
    "is",
    "was",
    "booked",
    "cancelled",
    "refunded",
    "I",
    "have",
    "sent",
    "the",
    "order",
    "ticket",
    "up",
    "from",
    "down",
    "to",
    "million",
    "billion",
    "trillion",
    "%",
    "°C",
    "km",
    "USD",
    "EUR",
    "$",
    "€",
    "£",
    "¥",
    "January",
    "March",
    "April",
    "2026",
    "Paris",
    "AMS",
    "EWR",
    "nonstop",
    "delivered",
    "due",
    "because",
    "colder",
    "than",
    "least",
    "followed",
    "by",
    "-",
    "*",
    "•",
    "1.",
    "2)",
    "`",
    ";",
    ":",
    ",",
    ".",
    "!",
    "?",
    "\"",
    "'",
    "(",
    ")",
    "\\",
    "\\n",
    "\\u00a0",
    "\0",
    "é",
    "e\u{301}",
    "a\u{308}\u{332}",
    "שלום",
    "مرحبا",
    "\u{202e}",
    "\u{200f}",
    "東京",
    "日本語",
    "。",
    "、",
    "Ａ",
    "😀",
    "👩‍👩‍👧",
    "🇫🇷",
    "İ",
    "ß",
    "ﬁ",
    "Ω",
    "\u{1f}",
    "https://example.com/a?b=1",
    "ana@example.com",
    "ORD-12345",
    "AC1471",
    "B61745",
    "/var/data/x.json",
    "@handle",
    // Forms Stage 2 reads since round 19: multiples, working in parentheses, shares, changes,
    // ISO weeks, measure acronyms, advice labels, workflow states, rules of the next month.
    "×",
    "÷",
    "1.5x",
    "the median =",
    "(",
    ")",
    "of the",
    "up",
    "down",
    "YoY",
    "W8",
    "2026-W08",
    "CPL of",
    "ROAS",
    "Top",
    "each $1",
    "are below the",
    "Median",
    "Recommendation:",
    "is still completed",
    "has been cancelled",
    "didn't have",
    "~",
    "SITE-MAQ",
    "15th day of the following month",
    "March",
];

#[derive(arbitrary::Arbitrary, Debug, Clone)]
pub enum Piece {
    Raw(String),
    Word(u8),
    Space(u8),
    Number(i64, u8),
    Money(u32, u8),
    Date(u8, u8, u16),
    Time(u8, u8, bool),
    Id(u8, u16),
}

/// Text built from pieces (vocabulary words, every kind of space, numbers, dates, money,
/// identifiers) and raw fuzz strings.
#[derive(arbitrary::Arbitrary, Debug, Clone)]
pub struct FText(pub Vec<Piece>);

impl FText {
    pub fn render(&self) -> String {
        let mut s = String::new();
        for p in self.0.iter().take(256) {
            match p {
                Piece::Raw(r) => s.push_str(r),
                Piece::Word(w) => s.push_str(WORDS[*w as usize % WORDS.len()]),
                Piece::Space(w) => s.push_str(SPACES[*w as usize % SPACES.len()]),
                Piece::Number(n, d) => match d % 4 {
                    0 => s.push_str(&n.to_string()),
                    1 => s.push_str(&format!("{:.2}", *n as f64 / 100.0)),
                    2 => s.push_str(&format!("{n:e}")),
                    _ => {
                        // thousands separators
                        let t = n.unsigned_abs().to_string();
                        let mut g = String::new();
                        for (i, c) in t.chars().enumerate() {
                            if i > 0 && (t.len() - i) % 3 == 0 {
                                g.push(',');
                            }
                            g.push(c);
                        }
                        s.push_str(&g);
                    }
                },
                Piece::Money(v, c) => {
                    let sym = ["$", "€", "£", "USD ", "¥"][*c as usize % 5];
                    s.push_str(&format!("{sym}{}.{:02}", v / 100, v % 100));
                }
                Piece::Date(d, m, y) => match y % 3 {
                    0 => s.push_str(&format!("{}-{:02}-{:02}", 1990 + y % 60, m % 13, d % 32)),
                    1 => s.push_str(&format!("{}/{}/{}", m % 13, d % 32, 2000 + y % 40)),
                    _ => s.push_str(&format!(
                        "{} {}, {}",
                        ["January", "April", "May", "Sept.", "Dec"][*m as usize % 5],
                        d % 32,
                        2000 + y % 40
                    )),
                },
                Piece::Time(h, m, pm) => {
                    s.push_str(&format!("{}:{:02}", h % 25, m % 61));
                    if *pm {
                        s.push_str(" PM");
                    }
                }
                Piece::Id(p, n) => {
                    let pre = ["ORD-", "AC", "TKT-", "#", "INV"][*p as usize % 5];
                    s.push_str(&format!("{pre}{n}"));
                }
            }
        }
        s
    }
}

/// JSON built with keys from a vocabulary (message, tool and JSON Schema keywords).
#[derive(arbitrary::Arbitrary, Debug, Clone)]
pub enum FJson {
    Null,
    Bool(bool),
    Num(f64),
    Int(i64),
    Str(String),
    Text(FText),
    Arr(Vec<FJson>),
    Obj(Vec<(u8, FJson)>),
}

pub const JSON_KEYS: &[&str] = &[
    "type",
    "properties",
    "required",
    "enum",
    "format",
    "pattern",
    "items",
    "minimum",
    "maximum",
    "maxLength",
    "minLength",
    "$ref",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "const",
    "additionalProperties",
    "description",
    "default",
    "id",
    "name",
    "url",
    "email",
    "path",
    "order_id",
    "amount",
    "date",
    "status",
    "price",
    "visits",
    "prior_year_visits",
    "spend",
    "leads",
    "week",
    "flight",
    "results",
    "data",
    "string",
    "number",
    "integer",
    "object",
    "array",
    "boolean",
    "uri",
    "date-time",
    "#/definitions/a",
    "definitions",
    "a",
    "$defs",
];

impl FJson {
    pub fn to_json(&self) -> serde_json::Value {
        self.at(0)
    }
    fn at(&self, depth: usize) -> serde_json::Value {
        use serde_json::Value as J;
        if depth > 24 {
            return J::Null;
        }
        match self {
            FJson::Null => J::Null,
            FJson::Bool(b) => J::Bool(*b),
            FJson::Num(f) => serde_json::Number::from_f64(*f).map_or(J::Null, J::Number),
            FJson::Int(i) => J::from(*i),
            FJson::Str(s) => J::String(s.clone()),
            FJson::Text(t) => J::String(t.render()),
            FJson::Arr(a) => J::Array(a.iter().take(64).map(|x| x.at(depth + 1)).collect()),
            FJson::Obj(kv) => J::Object(
                kv.iter()
                    .take(64)
                    .map(|(k, x)| {
                        let k = JSON_KEYS[*k as usize % JSON_KEYS.len()].to_owned();
                        (k, x.at(depth + 1))
                    })
                    .collect(),
            ),
        }
    }
}
