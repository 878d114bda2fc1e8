//! The signature of a letter-style answer ("Warm regards,\nMeera\nMember Services").

use super::lexicon::words;

/// Words of a letter's closing ("Warm regards,", "Thanks & Regards,", "Yours faithfully,").
const VALEDICTIONS: &[&str] = &[
    "regards",
    "sincerely",
    "faithfully",
    "truly",
    "cheers",
    "warmly",
    "best",
    "thanks",
    "yours",
];

/// Where the signature of a letter-style answer starts: a closing line of at most four words
/// ending with a comma ("Warm regards,", "Thanks & Regards,") followed only by one to four
/// short lines without digits ("Meera", "Member Services, Sahyadri Dairy"). The sender's name
/// and team are no claims about the evidence. Byte offset of the closing line in `answer`.
pub fn signature_start(answer: &str) -> Option<usize> {
    let trimmed = answer.trim_end();
    let mut after = 0usize;
    let mut end = trimmed.len();
    loop {
        let start = trimmed[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = trimmed[start..end].trim();
        if !line.is_empty() {
            let closing = line.ends_with(',')
                && line.split_whitespace().count() <= 4
                && words(line)
                    .iter()
                    .any(|w| VALEDICTIONS.contains(&w.as_str()));
            if closing {
                return (after >= 1).then_some(start);
            }
            let short = line.split_whitespace().count() <= 6
                && !line.contains(|c: char| c.is_ascii_digit())
                && !line.ends_with(['.', '?', '!', ':']);
            if !short || after >= 4 {
                return None;
            }
            after += 1;
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
}
