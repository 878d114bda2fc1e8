//! The built-in patterns of each kind, and the checks that confirm a candidate match.
//!
//! A pattern's match (or its `value` capture group, when it has one: `Bearer <token>` redacts
//! the token only) is a *candidate*; the kind's [`Check`] turns it into zero or more confirmed
//! byte ranges (a run of digit groups may hold a card number in part of it; a phone-shaped
//! string glued to other digits is no phone number).

use super::checks::{iban_valid, is_card_number};
use std::ops::Range;

/// The built-in kinds. Secrets and cards are on by default; the other PII is opt-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuiltinKind {
    Secret,
    Card,
    Email,
    Phone,
    Iban,
}

impl BuiltinKind {
    pub const ALL: [BuiltinKind; 5] = [
        BuiltinKind::Secret,
        BuiltinKind::Card,
        BuiltinKind::Email,
        BuiltinKind::Phone,
        BuiltinKind::Iban,
    ];
    /// On unless configured otherwise (`--redact secret,card`).
    pub const DEFAULT: [BuiltinKind; 2] = [BuiltinKind::Secret, BuiltinKind::Card];

    pub fn as_str(self) -> &'static str {
        match self {
            BuiltinKind::Secret => "secret",
            BuiltinKind::Card => "card",
            BuiltinKind::Email => "email",
            BuiltinKind::Phone => "phone",
            BuiltinKind::Iban => "iban",
        }
    }

    pub fn parse(s: &str) -> Option<BuiltinKind> {
        BuiltinKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The kind's patterns (Rust `regex` syntax) and the check each candidate must pass.
    pub(crate) fn patterns(self) -> &'static [(&'static str, Check)] {
        match self {
            BuiltinKind::Secret => &[
                // OpenAI / Anthropic style keys: sk-…, sk-proj-…, sk-ant-api03-…
                (r"\bsk-[A-Za-z0-9_\-]{20,}", Check::None),
                // AWS access key ids (long-term and temporary).
                (r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", Check::None),
                // GitHub tokens: classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained.
                (r"\bgh[pousr]_[A-Za-z0-9]{36,}", Check::None),
                (r"\bgithub_pat_[A-Za-z0-9_]{22,}", Check::None),
                // Slack tokens.
                (r"\bxox[abpr]-[A-Za-z0-9\-]{10,}", Check::None),
                // Google API keys.
                (r"\bAIza[0-9A-Za-z_\-]{35}", Check::None),
                // JWTs: base64url JSON header and payload ({" → eyJ), signature.
                (
                    r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
                    Check::None,
                ),
                // HTTP bearer credentials: the token only.
                (
                    r"\b[Bb]earer\s+(?P<value>[A-Za-z0-9\-._~+/]{16,}=*)",
                    Check::None,
                ),
                // PEM private keys, the whole block (to the end of the text when cut off).
                (
                    r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY-----|[\s\S]*)",
                    Check::None,
                ),
            ],
            // Runs of at least 13 digits in groups separated by single spaces or dashes; the
            // check finds the card numbers in them.
            BuiltinKind::Card => &[(r"[0-9](?:[ \-]?[0-9]){12,}", Check::Card)],
            BuiltinKind::Email => &[(
                r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}",
                Check::None,
            )],
            // Conservative: a `+` country code, or a separator pattern national numbers use.
            // Plain digit strings (order numbers, ids), dates and prices do not qualify.
            BuiltinKind::Phone => &[
                (
                    r"\+[0-9](?:[ .\-]?(?:\([0-9]{1,4}\)|[0-9]{1,4})){1,6}",
                    Check::Phone,
                ),
                (r"\([0-9]{3}\) ?[0-9]{3}[\-. ][0-9]{4}", Check::Phone),
                (r"[0-9]{3}-[0-9]{3}-[0-9]{4}", Check::Phone),
                (r"[0-9]{3}\.[0-9]{3}\.[0-9]{4}", Check::Phone),
                (r"0[0-9]{2,4}[ \-][0-9]{3,4}[ \-][0-9]{3,4}", Check::Phone),
            ],
            BuiltinKind::Iban => &[(
                r"\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b",
                Check::Iban,
            )],
        }
    }
}

/// What confirms a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    /// The candidate as matched.
    None,
    /// Card numbers (13–19 digits, network prefix, Luhn) among consecutive digit groups.
    Card,
    /// 8–15 digits, not glued to other digits or letters.
    Phone,
    /// The longest leading run of space-separated groups that passes mod-97.
    Iban,
}

impl Check {
    /// Confirmed byte ranges of `text` within the candidate `m` (appended to `out`).
    pub(crate) fn confirm(self, text: &str, m: Range<usize>, out: &mut Vec<Range<usize>>) {
        match self {
            Check::None => out.push(m),
            Check::Card => cards(text, m, out),
            Check::Phone => {
                let s = &text[m.clone()];
                if s.starts_with('+') {
                    // A `+` country code starts a number even right after other digit groups;
                    // every prefix ending at a group end with 8–15 digits is a candidate,
                    // longest first (the overlap rule picks one that fits).
                    let before = text[..m.start].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '+') {
                        return;
                    }
                    let mut digits = 0;
                    let mut ends = Vec::new();
                    for (i, c) in s.char_indices() {
                        if c.is_ascii_digit() || c == ')' {
                            digits += usize::from(c.is_ascii_digit());
                            let next = s[i + 1..].chars().next();
                            let group_end = !next.is_some_and(|n| n.is_ascii_digit() || n == ')');
                            if group_end && (8..=15).contains(&digits) {
                                ends.push(i + 1);
                            }
                        }
                    }
                    for end in ends.into_iter().rev() {
                        let after = text[m.start + end..].chars().next();
                        if !after.is_some_and(char::is_alphanumeric) {
                            out.push(m.start..m.start + end);
                        }
                    }
                    return;
                }
                let digits = s.bytes().filter(u8::is_ascii_digit).count();
                if (8..=15).contains(&digits)
                    && !glued_before(text, m.start)
                    && !glued_after(text, m.end)
                {
                    out.push(m);
                }
            }
            Check::Iban => {
                let s = &text[m.clone()];
                let mut ends: Vec<usize> = s.match_indices(' ').map(|(i, _)| i).collect();
                ends.push(s.len());
                for &end in ends.iter().rev() {
                    let compact: String = s[..end].chars().filter(|c| *c != ' ').collect();
                    if iban_valid(&compact) {
                        out.push(m.start..m.start + end);
                        return;
                    }
                }
            }
        }
    }
}

/// Whether the text before `at` continues a number: a letter, digit or `+`, or a separator
/// (` `, `-`, `.`, `/`) right after a digit ("0044 0532 0130" inside a longer digit grouping).
fn glued_before(text: &str, at: usize) -> bool {
    let mut it = text[..at].chars().rev();
    match it.next() {
        Some(c) if c.is_alphanumeric() || c == '+' => true,
        Some(' ' | '-' | '.' | '/') => it.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Whether the text after `at` continues a number (see [`glued_before`]; a `.` ending a
/// sentence does not).
fn glued_after(text: &str, at: usize) -> bool {
    let mut it = text[at..].chars();
    match it.next() {
        Some(c) if c.is_alphanumeric() => true,
        Some(' ' | '-' | '.' | '/') => it.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Card numbers among the digit groups of `m`: windows of consecutive groups, longest first
/// from each group on.
fn cards(text: &str, m: Range<usize>, out: &mut Vec<Range<usize>>) {
    let s = &text[m.clone()];
    // Glued to letters on either side (an id such as "X4242…" or "…4242abc"): not a card.
    let before = text[..m.start].chars().next_back();
    let after = text[m.end..].chars().next();
    if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric) {
        return;
    }
    let mut groups: Vec<Range<usize>> = Vec::new();
    let mut start = None;
    for (i, b) in s.bytes().enumerate() {
        match (b.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(st)) => {
                groups.push(st..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(st) = start {
        groups.push(st..s.len());
    }
    let total: usize = groups.iter().map(|g| g.len()).sum();
    if total < 13 {
        return;
    }
    let mut digits = String::with_capacity(19);
    let mut i = 0;
    'from: while i < groups.len() {
        for j in (i + 1..=groups.len()).rev() {
            let n: usize = groups[i..j].iter().map(|g| g.len()).sum();
            if !(13..=19).contains(&n) {
                continue;
            }
            digits.clear();
            for g in &groups[i..j] {
                digits.push_str(&s[g.clone()]);
            }
            if is_card_number(&digits) {
                out.push(m.start + groups[i].start..m.start + groups[j - 1].end);
                i = j;
                continue 'from;
            }
        }
        i += 1;
    }
}
