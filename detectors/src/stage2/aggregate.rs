//! How per-claim scores combine into the run's groundedness score ([`Aggregation`]).

use crate::report::Claim;

/// How per-claim scores combine into the run's groundedness score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aggregation {
    /// Worst claim (the spec's recommendation for high-stakes deployments).
    #[default]
    Min,
    /// Mean weighted 2:1 toward critical claims.
    WeightedMean,
}

pub fn aggregate(claims: &[Claim], how: Aggregation) -> f64 {
    if claims.is_empty() {
        return 1.0;
    }
    match how {
        Aggregation::Min => claims.iter().map(|c| c.score).fold(1.0, f64::min),
        Aggregation::WeightedMean => {
            let (num, den) = claims.iter().fold((0.0, 0.0), |(n, d), c| {
                let w = if c.critical { 2.0 } else { 1.0 };
                (n + w * c.score, d + w)
            });
            num / den
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stage2::test_support::{score, RESULT};

    #[test]
    fn aggregation() {
        let c = score(RESULT, "Order ORD-1001 shipped. The total was $229.50.");
        assert_eq!(aggregate(&c, Aggregation::Min), 0.5);
        assert!(aggregate(&c, Aggregation::WeightedMean) > 0.5);
        assert_eq!(aggregate(&[], Aggregation::Min), 1.0);
    }
}
