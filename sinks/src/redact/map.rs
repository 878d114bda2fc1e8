//! Offsets across a redaction: where a character offset of the original text lands in the
//! redacted text.

/// One replaced range, in Unicode scalar (char) offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Replaced {
    /// The value's range in the original text.
    pub orig: (usize, usize),
    /// The placeholder's range in the redacted text.
    pub new: (usize, usize),
}

/// Char-offset map from an original text to its redacted form (replacements in order, not
/// overlapping).
///
/// Contract: an offset outside every replaced value moves by the length change of the
/// replacements before it; an offset strictly inside a replaced value snaps outward — a start
/// to the placeholder's start, an end to the placeholder's end — so a range that cut into a
/// value covers its whole placeholder. `map_start(s) <= map_end(e)` whenever `s <= e`, and
/// both are at most the redacted text's char length when the inputs are at most the
/// original's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OffsetMap {
    pub(crate) replaced: Vec<Replaced>,
    pub(crate) orig_len: usize,
    pub(crate) new_len: usize,
}

impl OffsetMap {
    /// Nothing replaced in a text of `len` chars.
    pub fn identity(len: usize) -> OffsetMap {
        OffsetMap {
            replaced: Vec::new(),
            orig_len: len,
            new_len: len,
        }
    }

    pub fn replaced(&self) -> &[Replaced] {
        &self.replaced
    }

    /// The new offset of a range start.
    pub fn map_start(&self, p: usize) -> usize {
        self.map(p, true)
    }

    /// The new offset of a range end (exclusive).
    pub fn map_end(&self, p: usize) -> usize {
        self.map(p, false)
    }

    fn map(&self, p: usize, start: bool) -> usize {
        let p = p.min(self.orig_len);
        // The last replacement starting before p (one starting at p leaves p where it is:
        // a start there is the placeholder's start, an end there precedes it).
        let i = self.replaced.partition_point(|r| r.orig.0 < p);
        if i == 0 {
            return p.min(self.new_len);
        }
        let r = self.replaced[i - 1];
        let out = if p >= r.orig.1 {
            // After r: shift by r's end.
            r.new.1 + (p - r.orig.1)
        } else if start {
            r.new.0
        } else {
            r.new.1
        };
        out.min(self.new_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_shift_and_snap_outward() {
        // "ab[XXXX]cd" ← "ab0123456789cd": value 2..12 → placeholder 2..8.
        let m = OffsetMap {
            replaced: vec![Replaced {
                orig: (2, 12),
                new: (2, 8),
            }],
            orig_len: 14,
            new_len: 10,
        };
        assert_eq!((m.map_start(0), m.map_end(2)), (0, 2), "before");
        assert_eq!((m.map_start(2), m.map_end(12)), (2, 8), "exactly the value");
        assert_eq!((m.map_start(5), m.map_end(7)), (2, 8), "inside: outward");
        assert_eq!((m.map_start(12), m.map_end(14)), (8, 10), "after");
        assert_eq!(m.map_end(99), 10, "clamped");
    }
}
