//! A rewritten answer and its map back to the original: Stage 2 reads some answers in another
//! form than they were written in — spoken forms in their written ones ([`super::spoken`]), a
//! structured (JSON) answer as labeled lines and tables ([`super::structured`]) — and every
//! offset a report gives must still be the answer's. [`Rewritten`] holds the rewritten text and
//! its edits; [`remap`] maps the claims scored on it back.

use crate::report::Claim;
use crate::text::char_offset;

/// The rewritten answer and its map back to the original.
#[derive(Debug)]
pub(super) struct Rewritten {
    pub(super) text: String,
    /// Rewritten stretches: (original start, original end, new start, new end), in order of
    /// both; every byte outside them is copied as it is. A stretch may be empty on either side
    /// (a deletion, an insertion).
    edits: Vec<(usize, usize, usize, usize)>,
}

impl Rewritten {
    pub(super) fn new(text: String, edits: Vec<(usize, usize, usize, usize)>) -> Self {
        Rewritten { text, edits }
    }

    /// The original byte offset of byte `p` of [`Rewritten::text`] taken as a start: inside a
    /// rewritten stretch, its original start.
    pub(super) fn orig_start(&self, p: usize) -> usize {
        let mut shift: isize = 0;
        for &(os, oe, ns, ne) in &self.edits {
            if p < ns {
                break;
            }
            if p < ne {
                return os;
            }
            shift = oe as isize - ne as isize;
        }
        (p as isize + shift) as usize
    }

    /// The original byte offset of byte `p` of [`Rewritten::text`] taken as an end: inside a
    /// rewritten stretch (or at its end), its original end.
    pub(super) fn orig_end(&self, p: usize) -> usize {
        let mut shift: isize = 0;
        for &(_, oe, ns, ne) in &self.edits {
            if p <= ns {
                break;
            }
            if p <= ne {
                return oe;
            }
            shift = oe as isize - ne as isize;
        }
        (p as isize + shift) as usize
    }
}

/// What a remapped claim's text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ClaimTexts {
    /// The answer's own characters at the claim's place (spoken forms: the sentence as said).
    Answers,
    /// The rewritten text (a structured answer: "Remaining t: 2450", not `"remaining_t": 2450,`),
    /// what a reader, a probe or a model reads; its offsets are still the answer's.
    Rewritten,
}

/// Map claims scored on `rewritten` back to `answer`: offsets (character offsets), flagged
/// texts (always the answer's own) and, per `texts`, the claims' texts.
pub(super) fn remap(claims: &mut [Claim], rewritten: &Rewritten, answer: &str, texts: ClaimTexts) {
    let written = rewritten.text.as_str();
    let byte_of = |chars: u32| {
        written
            .char_indices()
            .nth(chars as usize)
            .map_or(written.len(), |(b, _)| b)
    };
    let span = |s: u32, e: u32| {
        let (os, oe) = (
            rewritten.orig_start(byte_of(s)),
            rewritten.orig_end(byte_of(e)),
        );
        let oe = oe.max(os).min(answer.len());
        (os.min(oe), oe)
    };
    let mut cursor = 0usize;
    for c in claims.iter_mut() {
        if texts == ClaimTexts::Answers {
            if let Some(at) = written[cursor..].find(&c.text).map(|p| p + cursor) {
                let (os, oe) = (
                    rewritten.orig_start(at),
                    rewritten.orig_end(at + c.text.len()),
                );
                if let Some(t) = answer.get(os..oe) {
                    c.text = t.to_owned();
                }
                cursor = at;
            }
        }
        let (s, e) = span(c.start, c.end);
        c.start = char_offset(answer, s) as u32;
        c.end = char_offset(answer, e) as u32;
        for f in &mut c.flagged_spans {
            let (s, e) = span(f.start, f.end);
            f.start = char_offset(answer, s) as u32;
            f.end = char_offset(answer, e) as u32;
            f.text = answer.get(s..e).unwrap_or_default().to_owned();
        }
    }
}
