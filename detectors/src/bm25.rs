//! Stage 2 evidence retrieval: BM25 over chunks of the run's evidence.
//!
//! The deterministic scorer cites the evidence an *item* matched (the number, the date, the
//! identifier). A claim with nothing checkable, or whose items carry no position, still gets
//! its best evidence passage cited through this index, so an auditor can see what the claim
//! rests on. Retrieval only ever chooses what to cite; it never decides a verdict.
//!
//! Chunks: each evidence document is cut at sentence ends, line breaks and JSON field
//! boundaries (`,"`), and neighbouring pieces are merged up to [`CHUNK_BYTES`]. Terms are
//! lower-cased alphanumeric words of two or more characters.

use crate::text::word_hash;
use std::collections::HashMap;

/// Target chunk size in bytes.
pub const CHUNK_BYTES: usize = 240;
const K1: f64 = 1.2;
const B: f64 = 0.75;

/// A chunk: document index and byte range in that document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunk {
    pub doc: usize,
    pub start: usize,
    pub end: usize,
}

/// The index of one run's evidence.
pub struct Bm25 {
    chunks: Vec<Chunk>,
    /// Term → (chunk index, term frequency).
    postings: HashMap<u64, Vec<(u32, u32)>>,
    lengths: Vec<u32>,
    avg_len: f64,
}

fn terms(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 2)
}

/// Cut a document into chunks (byte ranges on char boundaries).
pub fn chunk(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut cuts = vec![0usize];
    for i in 0..b.len() {
        let boundary = match b[i] {
            b'\n' => true,
            b'.' | b'!' | b'?' => b.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()),
            b',' => b.get(i + 1) == Some(&b'"'),
            _ => false,
        };
        if boundary {
            cuts.push(i + 1);
        }
    }
    cuts.push(b.len());
    let mut out: Vec<(usize, usize)> = Vec::new();
    for w in cuts.windows(2) {
        let (s, e) = (w[0], w[1]);
        if s >= e {
            continue;
        }
        match out.last_mut() {
            Some(last) if e - last.0 <= CHUNK_BYTES => last.1 = e,
            _ => out.push((s, e)),
        }
    }
    // Trim whitespace; keep non-empty chunks.
    out.into_iter()
        .filter_map(|(s, e)| {
            let t = &text[s..e];
            let lead = t.len() - t.trim_start().len();
            let trail = t.len() - t.trim_end().len();
            (e - trail > s + lead).then_some((s + lead, e - trail))
        })
        .collect()
}

impl Bm25 {
    /// Index the documents.
    pub fn new(docs: &[&str]) -> Bm25 {
        let mut chunks = Vec::new();
        let mut postings: HashMap<u64, Vec<(u32, u32)>> = HashMap::new();
        let mut lengths = Vec::new();
        for (d, text) in docs.iter().enumerate() {
            for (s, e) in chunk(text) {
                let ci = chunks.len() as u32;
                chunks.push(Chunk {
                    doc: d,
                    start: s,
                    end: e,
                });
                let mut tf: HashMap<u64, u32> = HashMap::new();
                let mut n = 0u32;
                for t in terms(&text[s..e]) {
                    *tf.entry(word_hash(t)).or_default() += 1;
                    n += 1;
                }
                lengths.push(n);
                for (t, f) in tf {
                    postings.entry(t).or_default().push((ci, f));
                }
            }
        }
        let avg_len = if lengths.is_empty() {
            1.0
        } else {
            lengths.iter().map(|l| f64::from(*l)).sum::<f64>() / lengths.len() as f64
        };
        Bm25 {
            chunks,
            postings,
            lengths,
            avg_len: avg_len.max(1.0),
        }
    }

    /// The best chunk for the query and its score; `None` when no query term occurs.
    pub fn best(&self, query: &str) -> Option<(Chunk, f64)> {
        self.ranked(query).into_iter().next()
    }

    /// Every chunk sharing a term with the query, best first (ties in document order).
    pub fn ranked(&self, query: &str) -> Vec<(Chunk, f64)> {
        let n = self.chunks.len() as f64;
        let mut scores: HashMap<u32, f64> = HashMap::new();
        let mut seen = Vec::new();
        for t in terms(query) {
            let h = word_hash(t);
            if seen.contains(&h) {
                continue;
            }
            seen.push(h);
            let Some(list) = self.postings.get(&h) else {
                continue;
            };
            let df = list.len() as f64;
            let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
            for &(ci, f) in list {
                let f = f64::from(f);
                let len = f64::from(self.lengths[ci as usize]);
                *scores.entry(ci).or_default() +=
                    idf * f * (K1 + 1.0) / (f + K1 * (1.0 - B + B * len / self.avg_len));
            }
        }
        let mut ranked: Vec<(u32, f64)> = scores.into_iter().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked
            .into_iter()
            .map(|(ci, s)| (self.chunks[ci as usize], s))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cut_at_sentences_and_json_fields() {
        let t = "First sentence here. Second one follows!\nThird line";
        let c = chunk(t);
        assert_eq!(
            c,
            vec![(0, t.len())],
            "small pieces merge up to the chunk size"
        );
        let long = format!("{} {}", "a".repeat(200) + ".", "b".repeat(100));
        let c = chunk(&long);
        assert_eq!(c.len(), 2);
        assert_eq!(&long[c[1].0..c[1].1], "b".repeat(100));
        let json = format!(r#"{{"a":"{}","b":"{}"}}"#, "x".repeat(200), "y".repeat(200));
        assert_eq!(chunk(&json).len(), 2);
    }

    #[test]
    fn best_chunk_is_the_one_sharing_rare_terms() {
        let d1 = format!(
            "{} The Oberoi Group has its head office in Delhi.",
            "Filler words about nothing at all. ".repeat(8)
        );
        let d2 = "The weather in Mumbai is humid.";
        let idx = Bm25::new(&[&d1, d2]);
        let (c, s) = idx.best("Where is the Oberoi head office?").unwrap();
        assert!(s > 0.0);
        assert_eq!(c.doc, 0);
        assert!(d1[c.start..c.end].contains("Oberoi"));
        let (c, _) = idx.best("Mumbai weather").unwrap();
        assert_eq!(c.doc, 1);
        assert!(idx.best("zzz qqq").is_none());
    }
}
