//! Premises the answer states itself: a worked example's condition ("For example, if you
//! withdraw $300 on a Sunday, …") and a hypothetical instance ("So for an evening class at 6:00
//! PM, you'd …"). Their values are the answer's own; what they yield is checked. Used by the
//! number and time checks.

/// Words that open a worked example ("For example, withdrawing $300 would cost …", "In
/// practice: if you learn of an event at 9:00 on a Monday, …").
const EXAMPLE_MARKERS: &[&str] = &[
    "for example",
    "for instance",
    "in practice",
    "as an example",
    "e.g.",
];

/// The premise of a worked example around `pos`: when the sentence opens with an example
/// marker and states a condition ("if you learn of an event at 9:00 on a Monday,"), the byte
/// range of that condition, up to its comma. Its values are the example's own; what it yields
/// is checked (a value equal to one of the premise's is the premise's).
pub(super) fn example_premise(answer: &str, pos: usize) -> Option<(usize, usize)> {
    let start = super::states::whole_sentence_start(answer, pos);
    let sentence = &answer[start..];
    // Emphasis around a leading marker ("**In practice:** if …") is markup.
    let opening = sentence.trim_start_matches(|c: char| c.is_whitespace() || c == '*' || c == '_');
    let lead = start + sentence.len() - opening.len();
    if let Some(premise) = instance_premise(answer, lead) {
        return Some(premise);
    }
    let lower = opening.get(..40.min(opening.len()))?.to_ascii_lowercase();
    let marker = EXAMPLE_MARKERS.iter().find(|m| lower.starts_with(*m))?;
    let rest = &opening[marker.len()..];
    let end_of_sentence = rest.find(['.', '!', '?', '\n']).unwrap_or(rest.len());
    let rest = &rest[..end_of_sentence];
    let lower_rest = rest.to_ascii_lowercase();
    let cond = ["if ", "when ", "suppose "]
        .iter()
        .filter_map(|w| {
            lower_rest
                .match_indices(w)
                .find(|(i, _)| *i == 0 || !lower_rest.as_bytes()[i - 1].is_ascii_alphabetic())
                .map(|(i, _)| i)
        })
        .min()?;
    let comma = rest[cond..].find(',').map_or(rest.len(), |c| cond + c);
    let base = lead + marker.len();
    Some((base + cond, base + comma))
}

/// A hypothetical instance that opens a sentence ("So for an evening class at 6:00 PM, you'd
/// want to cancel by 6:00 AM"): "for a/an …" up to its comma, when what follows says what the
/// user would do. The indefinite article picks any such thing, not one of the evidence; its
/// values are the answer's own, what it yields is checked. `lead` is where the sentence's text
/// starts.
fn instance_premise(answer: &str, lead: usize) -> Option<(usize, usize)> {
    let opening = &answer[lead..];
    let end = opening.find(['.', '!', '?', '\n']).unwrap_or(opening.len());
    let lower = opening[..end].to_ascii_lowercase();
    let skip = ["so ", "say ", "and "]
        .iter()
        .find(|w| lower.starts_with(*w))
        .map_or(0, |w| w.len());
    let rest = &lower[skip..];
    if !(rest.starts_with("for a ") || rest.starts_with("for an ")) {
        return None;
    }
    let comma = skip + rest.find(',')?;
    let would = ["you'd ", "you\u{2019}d ", "you would "]
        .iter()
        .any(|w| lower[comma..].contains(w));
    would.then_some((lead + skip, lead + comma))
}
