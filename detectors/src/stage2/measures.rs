//! Physical measures: the dimension of a unit and its size in SI units, for two computations
//! an answer makes from numbers it states (each of which is checked on its own):
//! - a **restatement** in another unit, in parentheses beside the number it restates
//!   ("56,000 m³ (56 megalitres)", "12 ha (about 30 acres)");
//! - a **dimensional product**: a depth times an area is a volume ("20 mm on 17.3 ha is
//!   3,460 m³").
//!
//! Both need the units on both sides, so a bare number never takes part: the search is over
//! the answer's few measured numbers near the claim.

use super::items::Item;
use super::numbers::{matches_value, nearest, AnswerFacts, ClaimNumber};

/// What a unit measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dimension {
    Length,
    Area,
    Volume,
    Mass,
    Duration,
}

/// The dimension of a (lower-cased) unit and its size in metres, m², m³, kilograms or
/// seconds. Months and years vary in length, so they are left out.
pub(super) fn measure(unit: &str) -> Option<(Dimension, f64)> {
    use Dimension::*;
    Some(match unit.trim() {
        "mm" | "millimetre" | "millimetres" | "millimeter" | "millimeters" => (Length, 1e-3),
        "cm" | "centimetre" | "centimetres" | "centimeter" | "centimeters" => (Length, 1e-2),
        "m" | "metre" | "metres" | "meter" | "meters" => (Length, 1.0),
        "km" | "kilometre" | "kilometres" | "kilometer" | "kilometers" => (Length, 1e3),
        "in" | "inch" | "inches" => (Length, 0.0254),
        "ft" | "foot" | "feet" => (Length, 0.3048),
        "mi" | "mile" | "miles" => (Length, 1609.344),
        "m²" | "m2" | "sq m" | "square metres" | "square meters" => (Area, 1.0),
        "km²" | "km2" | "sq km" => (Area, 1e6),
        "ha" | "hectare" | "hectares" => (Area, 1e4),
        "acre" | "acres" => (Area, 4_046.856_422_4),
        "sq ft" | "square feet" => (Area, 0.092_903_04),
        "m³" | "m3" | "cubic metres" | "cubic meters" => (Volume, 1.0),
        "l" | "litre" | "litres" | "liter" | "liters" => (Volume, 1e-3),
        "megalitre" | "megalitres" | "megaliter" | "megaliters" => (Volume, 1e3),
        "gallon" | "gallons" | "gal" => (Volume, 0.003_785_411_784),
        "g" | "gram" | "grams" | "gramme" | "grammes" => (Mass, 1e-3),
        "kg" | "kgs" | "kilogram" | "kilograms" | "kilo" | "kilos" => (Mass, 1.0),
        "quintal" | "quintals" => (Mass, 100.0),
        "t" | "tonne" | "tonnes" => (Mass, 1e3),
        "lb" | "lbs" | "pound" | "pounds" => (Mass, 0.453_592_37),
        "oz" | "ounce" | "ounces" => (Mass, 0.028_349_523_125),
        "s" | "sec" | "secs" | "second" | "seconds" => (Duration, 1.0),
        "min" | "mins" | "minute" | "minutes" => (Duration, 60.0),
        "h" | "hr" | "hrs" | "hour" | "hours" => (Duration, 3600.0),
        "day" | "days" => (Duration, 86_400.0),
        "week" | "weeks" => (Duration, 604_800.0),
        _ => return None,
    })
}

/// The factors that restate a value of a numeric field whose name ends in a unit (`feed_kg`,
/// `distance_km`) in the claim's unit of the same dimension ("g", or the "(g)" of its table
/// column's header): 1,000 from kg to g. Lengths, areas, volumes and masses; none when the
/// claim states no such unit.
pub(super) fn field_unit_factors(
    ev: &super::evidence::Evidence,
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
) -> Vec<f64> {
    // The claim's unit, the symbol written after it ("134,7 g per egg"), or its table
    // column's ("Feed/egg (g)").
    let unit = if c.unit.is_empty() {
        let after = answer[item.end..]
            .split_whitespace()
            .next()
            .unwrap_or("")
            .trim_end_matches(|ch: char| !ch.is_alphanumeric())
            .to_lowercase();
        if measure(&after).is_some() {
            after
        } else {
            let Some(header) = crate::text::table_header(answer, item.start) else {
                return Vec::new();
            };
            match header.rsplit_once('(') {
                Some((_, u)) => u.trim_end_matches(')').trim().to_lowercase(),
                None => return Vec::new(),
            }
        }
    } else {
        c.unit.to_lowercase()
    };
    let Some((dim, size)) = measure(&unit).filter(|(d, _)| *d != Dimension::Duration) else {
        return Vec::new();
    };
    let units = ev.field_units.get_or_init(|| {
        let mut out: Vec<(Dimension, f64)> = Vec::new();
        for (key, _) in &ev.keyed {
            let last = key.rsplit(['_', '-', '.']).next().unwrap_or("");
            if let Some(m) = measure(&last.to_lowercase()) {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        out
    });
    units
        .iter()
        .filter(|(d, s)| *d == dim && (s / size - 1.0).abs() > 1e-9)
        .map(|(_, s)| s / size)
        .collect()
}

/// Longest stretch between a number and its parenthesized restatement ("56,000 m³ (just over
/// 56 megalitres)").
const RESTATE_REACH: usize = 40;

/// Whether `between` (the text from one number to the other) opens a parenthesis and nothing
/// else: no closing one, no sentence end.
fn parenthesized(between: &str) -> bool {
    between.len() <= RESTATE_REACH
        && between.matches('(').count() == 1
        && !between.contains([')', '\n', ';'])
        && !between.contains(". ")
}

/// A restatement in another unit of the same dimension of the number right before the
/// parenthesis the claim stands in, or of the number in the parenthesis right after it.
pub(super) fn restated(answer: &str, item: &Item, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
    let unit = c.unit.to_lowercase();
    let Some((dim, size)) = measure(&unit) else {
        return false;
    };
    facts.numbers.iter().any(|n| {
        let Some((d, s)) = measure(n.unit()) else {
            return false;
        };
        if d != dim || n.unit() == unit {
            return false;
        }
        let between = if n.start() < item.start {
            answer.get(n.start()..item.start)
        } else if n.start() >= item.end {
            answer.get(item.start..n.start())
        } else {
            None
        };
        between.is_some_and(parenthesized) && matches_value(c, n.value() * s / size)
    })
}

/// The last part of a quantity written in two units ("61 hours, that's 2 days and 13 hours",
/// "1 hour and 30 minutes", "5 feet 4 inches"): the part before it ("2 days", digits or a
/// count word, in a larger unit of the same dimension) plus this one is another number of the
/// same dimension the sentence states. The parts are checked as that one quantity.
pub(super) fn compound_restated(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let Some((dim, size)) = measure(&c.unit.to_lowercase()) else {
        return false;
    };
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"(?i)\b(\d+(?:\.\d+)?|[a-z]+)\s+([a-z²³]+)(?:,)?\s+(?:and\s+)?$")
            .expect("compound regex")
    });
    let from = crate::text::floor_char_boundary(answer, item.start.saturating_sub(40));
    let Some(m) = re.captures(&answer[from..item.start]) else {
        return false;
    };
    let n = m[1]
        .parse::<f64>()
        .ok()
        .or_else(|| super::numbers::number_word(&m[1]).map(f64::from));
    let (Some(n), Some((d, big))) = (n, measure(&m[2].to_lowercase())) else {
        return false;
    };
    if d != dim || big <= size {
        return false;
    }
    let total = n * big + c.value * size;
    let sentence = crate::stage2::states::whole_sentence_start(answer, item.start);
    facts.numbers.iter().any(|x| {
        x.start() >= sentence
            && x.start() != item.start
            && measure(x.unit()).is_some_and(|(xd, xs)| {
                xd == dim && ((x.value() * xs - total).abs() <= 1e-6 * total.max(1.0))
            })
    })
}

/// A volume the answer computes as a depth (or length) it states times an area it states
/// ("every 10 mm applied on the 11.6 ha field is 1,160 m³"), among the answer's measured
/// numbers nearest the claim.
pub(super) fn dimensional_product(item: &Item, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
    let Some((Dimension::Volume, size)) = measure(&c.unit.to_lowercase()) else {
        return false;
    };
    let measured: Vec<(Dimension, f64)> = nearest(
        item,
        facts
            .numbers
            .iter()
            .filter(|n| n.start() != item.start && measure(n.unit()).is_some()),
    )
    .into_iter()
    .filter_map(|n| measure(n.unit()).map(|(d, s)| (d, n.value() * s)))
    .collect();
    let of = |dim: Dimension| {
        measured
            .iter()
            .filter(move |(d, _)| *d == dim)
            .map(|(_, v)| *v)
    };
    of(Dimension::Length).any(|l| of(Dimension::Area).any(|a| matches_value(c, l * a / size)))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{all_supported, score};
    use crate::report::ClaimStatus;

    const FIELD: &str = r#"{"field": "Church Piece", "area_ha": 17.3, "max_run_mm": 20,
        "annual_cap_m3": 60000.0, "used_m3": 4000.0}"#;

    #[test]
    fn a_depth_times_an_area_is_a_volume() {
        assert!(all_supported(
            FIELD,
            "A run is capped at 20 mm; on Church Piece's 17.3 ha that's at most 3,460 m³."
        ));
        assert!(all_supported(
            FIELD,
            "On the 17.3 ha field, every 20 mm applied is 3,460 m³ of water."
        ));
        let claims = score(
            FIELD,
            "On the 17.3 ha field, every 20 mm applied is 3,640 m³ of water.",
        );
        assert_eq!(claims[0].status, ClaimStatus::Unsupported);
    }

    #[test]
    fn a_restatement_in_parentheses_converts_the_number_before_it() {
        assert!(all_supported(
            FIELD,
            "That leaves 56,000 m³ (56 megalitres) of the cap."
        ));
        assert!(all_supported(
            FIELD,
            "That leaves 56,000 m³ (just over 55 megalitres) of the cap."
        ));
        let claims = score(FIELD, "That leaves 56,000 m³ (65 megalitres) of the cap.");
        assert_eq!(claims[0].status, ClaimStatus::Unsupported);
        // Mass and time restate the same way; a wrong conversion does not.
        let feed = r#"{"bags": 5, "bag_kg": 50}"#;
        assert!(all_supported(
            feed,
            "Quantity: 5 bags = 250 kg (2.5 quintals)."
        ));
        let claims = score(feed, "Quantity: 5 bags = 250 kg (25 quintals).");
        assert!(claims.iter().any(|c| c.status != ClaimStatus::Supported));
        let slot = r#"{"slot_minutes": 90}"#;
        assert!(all_supported(slot, "The slot runs 90 minutes (1.5 hours)."));
        // A quantity in two units restates another of the sentence.
        let eta = r#"{"entries":[{"hours_to_release":61}]}"#;
        assert!(all_supported(
            eta,
            "The slowest took 61 hours, that's two days and 13 hours."
        ));
        assert!(!all_supported(
            eta,
            "The slowest took 61 hours, that's two days and 15 hours."
        ));
        // Not a parenthesis: no restatement.
        let claims = score(
            FIELD,
            "That leaves 56,000 m³. The pond holds 56 megalitres.",
        );
        assert_eq!(claims[1].status, ClaimStatus::Unsupported);
    }
}
