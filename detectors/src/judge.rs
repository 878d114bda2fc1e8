//! LLM-as-judge for Stage 2 — the pure parts: the strict rubric prompt, validation of the
//! judge's JSON verdict against a JSON Schema, the verdict cache key, and how verdicts combine
//! with the other scorers' scores. The collector makes the calls (see [`ClaimJudge`]).
//!
//! Rubric, per claim: `supported` only when the evidence states it (paraphrase and simple
//! arithmetic allowed) and a verbatim quote of the supporting evidence is given;
//! `contradicted` when the evidence states a conflicting value (quoted); `unsupported`
//! otherwise. A verdict whose quote is not found in the evidence is rejected (not used).
//!
//! # Contract
//! [`ClaimJudge::judge`] follows the Stage-3 future contract ([`crate::stage3`]): `Send +
//! 'static`, pollable by any executor, resolves by the judge's deadline, bounded by its
//! budget; claims it could not judge are simply absent from the verdicts (and noted).

use crate::report::{Claim, ClaimStatus};
use crate::run::AgentRun;
use crate::stage3::{BoxFuture, ChatMessage};
use std::sync::{Arc, OnceLock};

/// Why a judge reply was not usable.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum JudgeError {
    #[error("judge reply has no JSON object")]
    NoJson,
    #[error("judge reply is not valid JSON: {0}")]
    BadJson(String),
    #[error("judge reply does not match the verdict schema: {0}")]
    Schema(String),
    #[error("judge quote not found in the evidence: {0:?}")]
    QuoteNotInEvidence(String),
}

impl JudgeError {
    /// Worth asking again (the model may format its reply better next time).
    pub fn is_retryable(&self) -> bool {
        !matches!(self, JudgeError::QuoteNotInEvidence(_))
    }
}

/// One verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub status: ClaimStatus,
    pub quote: String,
    pub reason: String,
}

/// What judging one run produced: verdicts by claim index, and notes.
#[derive(Debug, Clone, Default)]
pub struct JudgeOutcome {
    pub verdicts: Vec<(usize, Verdict)>,
    pub notes: Vec<String>,
}

pub trait ClaimJudge: Send + Sync {
    fn name(&self) -> &'static str;
    /// Whether this run is judged (sampling). Cheap, no I/O.
    fn wants(&self, run: &AgentRun) -> bool;
    /// Judge the claims of the run (see the module contract).
    fn judge(&self, run: Arc<AgentRun>, claims: Arc<Vec<Claim>>) -> BoxFuture<JudgeOutcome>;
}

/// How judge verdicts combine with the other scorers' scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JudgeCombine {
    /// The lower of the two scores (the judge can only flag, never clear).
    #[default]
    Min,
    /// The mean of the two scores.
    Mean,
    /// The judge's score replaces the others' where it gave a verdict.
    Replace,
}

/// Scores given to verdicts.
#[derive(Debug, Clone, Copy)]
pub struct VerdictScores {
    pub supported: f64,
    pub unsupported: f64,
    pub contradicted: f64,
}

impl Default for VerdictScores {
    fn default() -> Self {
        VerdictScores {
            supported: 1.0,
            unsupported: 0.5,
            contradicted: 0.5,
        }
    }
}

/// The JSON Schema a verdict must satisfy.
pub const VERDICT_SCHEMA: &str = r#"{
  "type": "object",
  "required": ["verdict", "evidence_quote"],
  "properties": {
    "verdict": {"enum": ["supported", "unsupported", "contradicted"]},
    "evidence_quote": {"type": "string", "maxLength": 2000},
    "reason": {"type": "string", "maxLength": 2000}
  }
}"#;

const JUDGE_SYSTEM: &str = "You are a strict fact-checking judge. You decide whether ONE claim made by an AI agent is backed by the agent's evidence (its tool results). Rules:\n\
- \"supported\": the evidence states the claim (paraphrase and simple arithmetic allowed). Quote the supporting evidence verbatim.\n\
- \"contradicted\": the evidence states a different value for the same thing. Quote the conflicting evidence verbatim.\n\
- \"unsupported\": anything else, including claims the evidence does not mention. Quote nothing (\"\").\n\
Never use outside knowledge. Reply with one JSON object and nothing else: {\"verdict\": \"supported|unsupported|contradicted\", \"evidence_quote\": \"...\", \"reason\": \"...\"}";

/// The judge prompt for one claim.
pub fn judge_messages(claim: &str, evidence: &str) -> Vec<ChatMessage> {
    vec![
        ChatMessage::system(JUDGE_SYSTEM),
        ChatMessage::user(format!(
            "Evidence:\n{evidence}\nClaim: \"{claim}\"\nJSON verdict:"
        )),
    ]
}

fn validator() -> Option<&'static jsonschema::Validator> {
    static V: OnceLock<Option<jsonschema::Validator>> = OnceLock::new();
    V.get_or_init(|| {
        serde_json::from_str(VERDICT_SCHEMA)
            .ok()
            .and_then(|s| jsonschema::validator_for(&s).ok())
    })
    .as_ref()
}

fn squash(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Parse and validate a judge reply: the first `{…}` object of the reply (code fences and
/// chatter around it are ignored), checked against [`VERDICT_SCHEMA`]; a supporting or
/// contradicting quote must occur in `evidence` (whitespace and case ignored).
pub fn parse_verdict(reply: &str, evidence: &str) -> Result<Verdict, JudgeError> {
    let start = reply.find('{').ok_or(JudgeError::NoJson)?;
    let end = reply
        .rfind('}')
        .filter(|e| *e > start)
        .ok_or(JudgeError::NoJson)?;
    let v: serde_json::Value = serde_json::from_str(&reply[start..=end])
        .map_err(|e| JudgeError::BadJson(e.to_string()))?;
    let validator =
        validator().ok_or_else(|| JudgeError::Schema("verdict schema does not compile".into()))?;
    if let Some(e) = validator.iter_errors(&v).next() {
        return Err(JudgeError::Schema(format!("{} at {}", e, e.instance_path)));
    }
    let status = match v["verdict"].as_str() {
        Some("supported") => ClaimStatus::Supported,
        Some("contradicted") => ClaimStatus::Contradicted,
        _ => ClaimStatus::Unsupported,
    };
    let quote = v["evidence_quote"].as_str().unwrap_or("").trim().to_owned();
    if status != ClaimStatus::Unsupported {
        let q = squash(quote.trim_matches('"'));
        if q.is_empty() || !squash(evidence).contains(&q) {
            return Err(JudgeError::QuoteNotInEvidence(
                crate::stage3::truncate_chars(&quote, 120),
            ));
        }
    }
    Ok(Verdict {
        status,
        quote,
        reason: v["reason"].as_str().unwrap_or("").to_owned(),
    })
}

/// FNV-1a 64 of the run's evidence (the verdict cache key is (claim, this)).
pub fn evidence_hash(evidence: &str) -> u64 {
    crate::text::fnv1a(crate::text::FNV_OFFSET, evidence.bytes())
}

/// Apply verdicts to claims: the combined score per `how`; when the judge lowers a claim's
/// score below 1.0 its status and reason become the judge's.
pub fn combine(
    claims: &mut [Claim],
    verdicts: &[(usize, Verdict)],
    how: JudgeCombine,
    scores: VerdictScores,
) {
    for (i, v) in verdicts {
        let Some(c) = claims.get_mut(*i) else {
            continue;
        };
        let js = match v.status {
            ClaimStatus::Supported => scores.supported,
            ClaimStatus::Unsupported => scores.unsupported,
            ClaimStatus::Contradicted => scores.contradicted,
        };
        let new = match how {
            JudgeCombine::Min => c.score.min(js),
            JudgeCombine::Mean => (c.score + js) / 2.0,
            JudgeCombine::Replace => js,
        };
        if new < c.score && v.status != ClaimStatus::Supported {
            c.status = v.status;
            c.reason = if v.reason.is_empty() {
                format!("llm judge: {}", v.status.as_str())
            } else {
                format!("llm judge: {}: {}", v.status.as_str(), v.reason)
            };
        } else if new >= 1.0 - 1e-9
            && v.status == ClaimStatus::Supported
            && how == JudgeCombine::Replace
        {
            c.status = ClaimStatus::Supported;
        }
        c.score = new;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EV: &str = "[call_1] {\"price\": 412, \"currency\": \"USD\"}";

    #[test]
    fn parses_and_validates_verdicts() {
        let v = parse_verdict("```json\n{\"verdict\": \"supported\", \"evidence_quote\": \"\\\"price\\\": 412\"}\n```", EV).unwrap();
        assert_eq!(v.status, ClaimStatus::Supported);
        assert_eq!(
            parse_verdict(
                "{\"verdict\": \"unsupported\", \"evidence_quote\": \"\"}",
                EV
            )
            .unwrap()
            .status,
            ClaimStatus::Unsupported
        );
        assert_eq!(parse_verdict("no json here", EV), Err(JudgeError::NoJson));
        assert!(matches!(
            parse_verdict("{\"verdict\": supported}", EV),
            Err(JudgeError::BadJson(_))
        ));
        assert!(matches!(
            parse_verdict("{\"verdict\": \"maybe\", \"evidence_quote\": \"\"}", EV),
            Err(JudgeError::Schema(_))
        ));
        assert!(matches!(
            parse_verdict("{\"verdict\": \"supported\"}", EV),
            Err(JudgeError::Schema(_))
        ));
        let e = parse_verdict(
            "{\"verdict\": \"supported\", \"evidence_quote\": \"price 500\"}",
            EV,
        )
        .unwrap_err();
        assert!(matches!(e, JudgeError::QuoteNotInEvidence(_)) && !e.is_retryable());
    }

    #[test]
    fn combines_by_configuration() {
        let claim = Claim {
            text: "x".into(),
            evidence_spans: vec![],
            score: 1.0,
            critical: true,
            status: ClaimStatus::Supported,
            start: 0,
            end: 1,
            reason: String::new(),
            flagged_spans: vec![],
            claim_type: Default::default(),
        };
        let un = vec![(
            0,
            Verdict {
                status: ClaimStatus::Unsupported,
                quote: String::new(),
                reason: "not in evidence".into(),
            },
        )];
        let mut c = vec![claim.clone()];
        combine(&mut c, &un, JudgeCombine::Min, VerdictScores::default());
        assert_eq!((c[0].score, c[0].status), (0.5, ClaimStatus::Unsupported));
        assert!(c[0].reason.starts_with("llm judge"));
        let mut c = vec![claim.clone()];
        combine(&mut c, &un, JudgeCombine::Mean, VerdictScores::default());
        assert_eq!(c[0].score, 0.75);
        let sup = vec![(
            0,
            Verdict {
                status: ClaimStatus::Supported,
                quote: "412".into(),
                reason: String::new(),
            },
        )];
        let mut c = vec![Claim {
            score: 0.5,
            status: ClaimStatus::Unsupported,
            ..claim.clone()
        }];
        combine(&mut c, &sup, JudgeCombine::Min, VerdictScores::default());
        assert_eq!(
            (c[0].score, c[0].status),
            (0.5, ClaimStatus::Unsupported),
            "min: the judge never clears"
        );
        combine(
            &mut c,
            &sup,
            JudgeCombine::Replace,
            VerdictScores::default(),
        );
        assert_eq!((c[0].score, c[0].status), (1.0, ClaimStatus::Supported));
        combine(
            &mut c,
            &[(7, sup[0].1.clone())],
            JudgeCombine::Min,
            VerdictScores::default(),
        );
    }

    #[test]
    fn evidence_hash_is_stable() {
        assert_eq!(evidence_hash("abc"), evidence_hash("abc"));
        assert_ne!(evidence_hash("abc"), evidence_hash("abd"));
    }
}
