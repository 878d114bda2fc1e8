//! Claim segmentation over arbitrary UTF-8: ranges are ordered, non-overlapping, on character
//! boundaries, non-empty and right-trimmed, and their character offsets convert.
#![no_main]

use groundcheck_detectors::text::{ceil_char_boundary, char_offset, floor_char_boundary, segment};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let mut last = 0usize;
    for (s, e) in segment(text) {
        assert!(
            last <= s && s < e && e <= text.len(),
            "({s}, {e}) after {last} in {text:?}"
        );
        assert!(
            text.is_char_boundary(s) && text.is_char_boundary(e),
            "({s}, {e}) in {text:?}"
        );
        let part = &text[s..e];
        assert!(
            !part.ends_with(|c: char| c.is_ascii_whitespace()),
            "{part:?}"
        );
        assert!(char_offset(text, s) <= char_offset(text, e));
        last = e;
    }
    for b in 0..=text.len() + 1 {
        let f = floor_char_boundary(text, b);
        let c = ceil_char_boundary(text, b);
        assert!(f <= b.min(text.len()) && text.is_char_boundary(f));
        assert!(c >= b.min(text.len()) && text.is_char_boundary(c));
        assert!(char_offset(text, b) <= text.chars().count());
    }
});
