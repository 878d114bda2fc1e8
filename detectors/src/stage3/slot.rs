//! Slots: the checkable value of a critical claim (number, date, time, identifier, named
//! entity, action commitment), how to find one in free text, normalize it and compare two.
//!
//! Pure and bounded: every function is linear in its input (regexes are `regex` crate
//! automata) and never panics.

use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Kind of a slot, in the order slots are preferred when a claim has several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotKind {
    Identifier,
    Date,
    Time,
    Number,
    Entity,
    Action,
}

impl SlotKind {
    pub const ALL: [SlotKind; 6] = [
        SlotKind::Identifier,
        SlotKind::Date,
        SlotKind::Time,
        SlotKind::Number,
        SlotKind::Entity,
        SlotKind::Action,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SlotKind::Identifier => "identifier",
            SlotKind::Date => "date",
            SlotKind::Time => "time",
            SlotKind::Number => "number",
            SlotKind::Entity => "entity",
            SlotKind::Action => "action",
        }
    }

    pub fn parse(s: &str) -> Option<SlotKind> {
        SlotKind::ALL
            .into_iter()
            .find(|k| k.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// How the value is named in a question.
    pub fn noun(self) -> &'static str {
        match self {
            SlotKind::Identifier => "identifier (ID, code, reference or URL)",
            SlotKind::Date => "date",
            SlotKind::Time => "time",
            SlotKind::Number => "number",
            SlotKind::Entity => "name",
            SlotKind::Action => "yes or no",
        }
    }
}

/// A value found in text: kind and byte range.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    pub kind: SlotKind,
    pub start: usize,
    pub end: usize,
    pub text: String,
}

struct Res {
    url: Regex,
    email: Regex,
    token: Regex,
    unit_number: Regex,
    iso_date: Regex,
    text_date: Regex,
    day_month: Regex,
    time: Regex,
    number: Regex,
    entity: Regex,
    action: Regex,
}

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| {
        let month = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?";
        Res {
            url: Regex::new(r#"https?://[^\s<>"')\]]+"#).unwrap(),
            email: Regex::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+").unwrap(),
            token: Regex::new(r"#?[A-Za-z0-9][A-Za-z0-9_\-]*[A-Za-z0-9]").unwrap(),
            unit_number: Regex::new(r"(?i)^\d+(?:\.\d+)?(?:km|mi|kg|lb|lbs|pm|am|st|nd|rd|th|h|hr|hrs|m|s|min|mins|ms|gb|mb|kb|tb|k|x|ft|cm|mm|g|l|ml)$").unwrap(),
            iso_date: Regex::new(r"\b(\d{4})-(\d{2})-(\d{2})\b").unwrap(),
            text_date: Regex::new(&format!(r"\b({month})\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b")).unwrap(),
            day_month: Regex::new(&format!(r"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({month})(?:,?\s+(\d{{4}}))?\b")).unwrap(),
            time: Regex::new(r"(?i)\b(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m\.?(?:\b|$)|\b(\d{1,2}):(\d{2})\b").unwrap(),
            number: Regex::new(r"(?i)[$€£]?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|k\b|thousand|million|billion|bn\b|m\b))?").unwrap(),
            entity: Regex::new(r"\b[A-Z][A-Za-z'&\.-]*[A-Za-z](?:\s+(?:of\s+|de\s+|la\s+|the\s+|and\s+|&\s+)?[A-Z][A-Za-z'&\.-]*[A-Za-z])*").unwrap(),
            action: Regex::new(r"(?i)\b(?:booked|cancell?ed|sent|scheduled|created|updated|deleted|refunded|ordered|reserved|submitted|transferred|paid|confirmed|issued|placed|processed|filed|opened|closed|resolved)\b").unwrap(),
        }
    })
}

/// Words that start a sentence or are too generic to be a named entity.
const NOT_ENTITIES: &[&str] = &[
    "I",
    "I'm",
    "I've",
    "I'll",
    "The",
    "A",
    "An",
    "It",
    "Its",
    "This",
    "That",
    "These",
    "Those",
    "There",
    "Here",
    "Your",
    "You",
    "We",
    "Our",
    "He",
    "She",
    "They",
    "His",
    "Her",
    "Their",
    "My",
    "Yes",
    "No",
    "Sure",
    "Note",
    "Also",
    "However",
    "And",
    "But",
    "Or",
    "If",
    "So",
    "As",
    "At",
    "On",
    "In",
    "For",
    "From",
    "To",
    "With",
    "By",
    "Of",
    "Please",
    "Thanks",
    "Thank",
    "Today",
    "Tomorrow",
    "Yesterday",
    "Tonight",
    "Currently",
    "Total",
    "Overall",
    "OK",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "AM",
    "PM",
    "UTC",
    "GMT",
    "ID",
    "Answer",
    "Evidence",
    "Question",
    "Based",
    "According",
];

fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

/// Every slot in `text`, in text order; ranges do not overlap (earlier kinds win).
pub fn find_slots(text: &str) -> Vec<Slot> {
    let r = res();
    let mut out: Vec<Slot> = Vec::new();
    let push = |kind: SlotKind, s: usize, e: usize, out: &mut Vec<Slot>| {
        let e = s + text[s..e].trim_end_matches(['.', ',', ';', ':', ')']).len();
        if s >= e || out.iter().any(|o| overlaps((o.start, o.end), (s, e))) {
            return;
        }
        out.push(Slot {
            kind,
            start: s,
            end: e,
            text: text[s..e].to_owned(),
        });
    };
    for m in r.url.find_iter(text).chain(r.email.find_iter(text)) {
        push(SlotKind::Identifier, m.start(), m.end(), &mut out);
    }
    for m in r
        .iso_date
        .find_iter(text)
        .chain(r.text_date.find_iter(text))
        .chain(r.day_month.find_iter(text))
    {
        push(SlotKind::Date, m.start(), m.end(), &mut out);
    }
    for m in r.time.find_iter(text) {
        push(SlotKind::Time, m.start(), m.end(), &mut out);
    }
    for m in r.token.find_iter(text) {
        let t = m.as_str().trim_start_matches('#');
        let digit = t.chars().any(|c| c.is_ascii_digit());
        let alpha = t.chars().any(|c| c.is_ascii_alphabetic());
        let snake = t.contains('_') && alpha;
        if (snake || (digit && alpha)) && !r.unit_number.is_match(t) {
            push(SlotKind::Identifier, m.start(), m.end(), &mut out);
        }
    }
    for m in r.number.find_iter(text) {
        push(SlotKind::Number, m.start(), m.end(), &mut out);
    }
    for m in r.entity.find_iter(text) {
        // Drop leading generic words ("The Hilton" → "Hilton"), then require something left.
        let ms = m.as_str();
        let Some(rel) = ms
            .split_whitespace()
            .find(|w| !NOT_ENTITIES.contains(w))
            .map(|w| w.as_ptr() as usize - ms.as_ptr() as usize)
        else {
            continue;
        };
        push(SlotKind::Entity, m.start() + rel, m.end(), &mut out);
    }
    if let Some(m) = r.action.find(text) {
        push(SlotKind::Action, m.start(), m.end(), &mut out);
    }
    out.sort_by_key(|s| s.start);
    out
}

/// The slot a claim is probed on: the first slot of the most preferred kind among `kinds`.
pub fn probe_slot(claim: &str, kinds: &[SlotKind]) -> Option<Slot> {
    let slots = find_slots(claim);
    SlotKind::ALL
        .into_iter()
        .filter(|k| kinds.contains(k))
        .find_map(|k| slots.iter().find(|s| s.kind == k).cloned())
}

/// The value of kind `kind` in a model's answer: the first such slot; for names and
/// identifiers a short one-line answer is taken whole; for actions yes/no.
pub fn extract(kind: SlotKind, answer: &str) -> Option<String> {
    let answer = answer.trim();
    if kind == SlotKind::Action {
        let first = answer
            .split(|c: char| !c.is_alphanumeric())
            .find(|w| !w.is_empty())?
            .to_lowercase();
        return match first.as_str() {
            "yes" | "true" | "confirmed" | "correct" => Some("yes".into()),
            "no" | "false" | "not" | "incorrect" => Some("no".into()),
            _ => None,
        };
    }
    if let Some(s) = find_slots(answer).into_iter().find(|s| s.kind == kind) {
        return Some(s.text);
    }
    // A sentence-initial single word is not found as an entity above ("Paris."): take a short
    // bare answer whole.
    let line = answer
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .trim_end_matches('.');
    if matches!(kind, SlotKind::Entity | SlotKind::Identifier)
        && !line.is_empty()
        && line.chars().count() <= 64
        && line.split_whitespace().count() <= 6
    {
        return Some(line.to_owned());
    }
    None
}

/// A normalized value.
#[derive(Debug, Clone, PartialEq)]
pub enum Norm {
    Number {
        value: f64,
        decimals: u32,
    },
    Date {
        month: u32,
        day: u32,
        year: Option<i32>,
    },
    Minutes(u32),
    Text(String),
}

fn month_of(s: &str) -> Option<u32> {
    let l = s.to_lowercase();
    MONTHS
        .iter()
        .position(|m| l.starts_with(m))
        .map(|i| i as u32 + 1)
}

/// Normalize a value of `kind` (None when it is not one).
pub fn normalize(kind: SlotKind, value: &str) -> Option<Norm> {
    let r = res();
    let v = value.trim();
    match kind {
        SlotKind::Number => {
            let m = r.number.find(v)?;
            let t = m.as_str().to_lowercase();
            let digits: String = t
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let x: f64 = digits.parse().ok()?;
            let decimals = digits.split_once('.').map_or(0, |(_, f)| f.len() as u32);
            let mag = if t.contains("billion") || t.ends_with("bn") {
                1e9
            } else if t.contains("million") || t.ends_with('m') {
                1e6
            } else if t.contains("thousand") || t.ends_with('k') {
                1e3
            } else {
                1.0
            };
            Some(Norm::Number {
                value: x * mag,
                decimals,
            })
        }
        SlotKind::Date => {
            if let Some(c) = r.iso_date.captures(v) {
                return Some(Norm::Date {
                    month: c[2].parse().ok()?,
                    day: c[3].parse().ok()?,
                    year: c[1].parse().ok(),
                });
            }
            if let Some(c) = r.text_date.captures(v) {
                return Some(Norm::Date {
                    month: month_of(&c[1])?,
                    day: c[2].parse().ok()?,
                    year: c.get(3).and_then(|y| y.as_str().parse().ok()),
                });
            }
            if let Some(c) = r.day_month.captures(v) {
                return Some(Norm::Date {
                    month: month_of(&c[2])?,
                    day: c[1].parse().ok()?,
                    year: c.get(3).and_then(|y| y.as_str().parse().ok()),
                });
            }
            None
        }
        SlotKind::Time => {
            let c = r.time.captures(v)?;
            if let Some(h) = c.get(1) {
                let h: u32 = h.as_str().parse().ok()?;
                let m: u32 = c.get(2).map_or(Some(0), |m| m.as_str().parse().ok())?;
                let pm = c
                    .get(3)
                    .is_some_and(|p| p.as_str().eq_ignore_ascii_case("p"));
                let h = (h % 12) + if pm { 12 } else { 0 };
                Some(Norm::Minutes(h * 60 + m))
            } else {
                let h: u32 = c.get(4)?.as_str().parse().ok()?;
                let m: u32 = c.get(5)?.as_str().parse().ok()?;
                (h < 24 && m < 60).then_some(Norm::Minutes(h * 60 + m))
            }
        }
        SlotKind::Identifier => {
            let t: String = v
                .trim_start_matches('#')
                .chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
                .to_lowercase();
            (!t.is_empty()).then_some(Norm::Text(t))
        }
        SlotKind::Entity => {
            let words: Vec<String> = v
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| {
                    !w.is_empty() && !matches!(w.to_lowercase().as_str(), "the" | "a" | "an" | "of")
                })
                .map(|w| w.to_lowercase())
                .collect();
            (!words.is_empty()).then(|| Norm::Text(words.join(" ")))
        }
        SlotKind::Action => {
            let l = v.to_lowercase();
            Some(Norm::Text(if l.starts_with("no") {
                "no".into()
            } else {
                "yes".into()
            }))
        }
    }
}

/// Whether the probe answer `answer` states the same value as `original` (both of `kind`).
/// Numbers agree within the precision of the less precise one; dates agree on month and day
/// (and year when both have one); names agree when one's words contain the other's.
pub fn same(kind: SlotKind, original: &str, answer: &str) -> bool {
    let (Some(a), Some(b)) = (normalize(kind, original), normalize(kind, answer)) else {
        return false;
    };
    match (a, b) {
        (
            Norm::Number {
                value: x,
                decimals: dx,
            },
            Norm::Number {
                value: y,
                decimals: dy,
            },
        ) => {
            let tol = 0.5 * 10f64.powi(-(dx.min(dy) as i32));
            (x - y).abs() <= tol + 1e-9 * x.abs().max(y.abs())
        }
        (
            Norm::Date {
                month: m1,
                day: d1,
                year: y1,
            },
            Norm::Date {
                month: m2,
                day: d2,
                year: y2,
            },
        ) => m1 == m2 && d1 == d2 && (y1.is_none() || y2.is_none() || y1 == y2),
        (Norm::Minutes(a), Norm::Minutes(b)) => a == b,
        (Norm::Text(a), Norm::Text(b)) if kind == SlotKind::Entity => {
            let contains = |h: &str, n: &str| format!(" {h} ").contains(&format!(" {n} "));
            contains(&a, &b) || contains(&b, &a)
        }
        (Norm::Text(a), Norm::Text(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(t: &str) -> Vec<(SlotKind, String)> {
        find_slots(t)
            .into_iter()
            .map(|s| (s.kind, s.text))
            .collect()
    }

    #[test]
    fn finds_slots_of_each_kind() {
        let k = kinds("Your flight AC1471 departs at 2:35 pm on March 3, 2026 and costs $1,240.50 with Air Canada.");
        assert!(
            k.contains(&(SlotKind::Identifier, "AC1471".into())),
            "{k:?}"
        );
        assert!(k.contains(&(SlotKind::Time, "2:35 pm".into())), "{k:?}");
        assert!(
            k.contains(&(SlotKind::Date, "March 3, 2026".into())),
            "{k:?}"
        );
        assert!(k.contains(&(SlotKind::Number, "$1,240.50".into())), "{k:?}");
        assert!(
            k.contains(&(SlotKind::Entity, "Air Canada".into())),
            "{k:?}"
        );
        assert_eq!(kinds("I have booked the room.")[0].0, SlotKind::Action);
        assert!(kinds("It is 20km away.")
            .iter()
            .all(|(k, _)| *k != SlotKind::Identifier));
    }

    #[test]
    fn probe_slot_prefers_kinds_in_order() {
        let s = probe_slot(
            "Order ORD-88231 ships on 2026-03-04 for 12 items.",
            &SlotKind::ALL,
        )
        .unwrap();
        assert_eq!(
            (s.kind, s.text.as_str()),
            (SlotKind::Identifier, "ORD-88231")
        );
        let s = probe_slot(
            "Order ORD-88231 ships on 2026-03-04 for 12 items.",
            &[SlotKind::Number],
        )
        .unwrap();
        assert_eq!(s.text, "12");
        assert!(probe_slot("hello there", &SlotKind::ALL).is_none());
    }

    #[test]
    fn compares_normalized_values() {
        assert!(same(SlotKind::Number, "$1,200", "1200"));
        assert!(same(SlotKind::Number, "1.2 million", "1,200,000"));
        assert!(same(SlotKind::Number, "412", "412.3"));
        assert!(!same(SlotKind::Number, "412", "415"));
        assert!(same(SlotKind::Date, "March 3, 2026", "2026-03-03"));
        assert!(same(SlotKind::Date, "3 March", "2026-03-03"));
        assert!(!same(SlotKind::Date, "March 3, 2026", "2025-03-03"));
        assert!(same(SlotKind::Time, "2:35 pm", "14:35"));
        assert!(same(SlotKind::Time, "3 PM", "15:00"));
        assert!(same(SlotKind::Identifier, "ORD-88231", "ord88231"));
        assert!(same(SlotKind::Entity, "Hilton", "the Hilton Garden Inn"));
        assert!(!same(SlotKind::Entity, "Hilton", "Marriott"));
        assert!(!same(SlotKind::Number, "12", "no number"));
    }

    #[test]
    fn extracts_values_from_answers() {
        assert_eq!(
            extract(SlotKind::Number, "The price is $412.").as_deref(),
            Some("$412")
        );
        assert_eq!(
            extract(SlotKind::Entity, "Paris.").as_deref(),
            Some("Paris")
        );
        assert_eq!(
            extract(SlotKind::Action, "Yes, it was booked.").as_deref(),
            Some("yes")
        );
        assert_eq!(
            extract(SlotKind::Time, "It leaves at 14:35.").as_deref(),
            Some("14:35")
        );
        assert_eq!(extract(SlotKind::Date, "nothing here"), None);
    }
}
