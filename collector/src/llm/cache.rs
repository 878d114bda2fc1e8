//! The judge's verdict cache: keyed by (claim text, evidence hash), bounded; when full the
//! oldest entry is evicted (insertion order, FIFO — cheap and good enough for repeated runs of
//! the same agent over the same evidence).

use groundcheck_detectors::judge::Verdict;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

type Key = (String, u64);

pub struct VerdictCache {
    capacity: usize,
    inner: Mutex<(HashMap<Key, Verdict>, VecDeque<Key>)>,
}

impl VerdictCache {
    pub fn new(capacity: usize) -> Self {
        VerdictCache {
            capacity: capacity.max(1),
            inner: Mutex::new((HashMap::new(), VecDeque::new())),
        }
    }

    pub fn get(&self, claim: &str, evidence_hash: u64) -> Option<Verdict> {
        let g = self.inner.lock().ok()?;
        g.0.get(&(claim.to_owned(), evidence_hash)).cloned()
    }

    pub fn insert(&self, claim: &str, evidence_hash: u64, v: Verdict) {
        let Ok(mut g) = self.inner.lock() else { return };
        let key = (claim.to_owned(), evidence_hash);
        if g.0.insert(key.clone(), v).is_none() {
            g.1.push_back(key);
            while g.1.len() > self.capacity {
                if let Some(old) = g.1.pop_front() {
                    g.0.remove(&old);
                }
            }
        }
    }

    pub fn len(&self) -> usize {
        self.inner.lock().map(|g| g.0.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_detectors::report::ClaimStatus;

    #[test]
    fn bounded_fifo() {
        let c = VerdictCache::new(2);
        let v = |s| Verdict {
            status: s,
            quote: String::new(),
            reason: String::new(),
        };
        c.insert("a", 1, v(ClaimStatus::Supported));
        c.insert("b", 1, v(ClaimStatus::Unsupported));
        assert_eq!(c.get("a", 1).unwrap().status, ClaimStatus::Supported);
        assert!(c.get("a", 2).is_none(), "other evidence, other key");
        c.insert("c", 1, v(ClaimStatus::Contradicted));
        assert_eq!(c.len(), 2);
        assert!(c.get("a", 1).is_none(), "oldest evicted");
        assert!(c.get("c", 1).is_some());
    }
}
