//! A bounded calculator over the evidence: values an answer may compute rather than copy.
//! Inference consistent with the evidence is not a hallucination (spec), so a number is
//! supported when it is
//! - a count, sum, mean, minimum or maximum of a field across a JSON array (computed once per
//!   run when the evidence is indexed), or the sum of some of a field's values (the refund of
//!   the items being returned) — for fields of at most [`MAX_SUBSET`] values;
//! - a sum, difference, product, ratio or percent change of two evidence values (a price
//!   difference, a conversion at a rate given in the evidence);
//! - the sum of other numbers of the same currency or unit stated in the answer itself (a total
//!   the answer shows the parts of: "$1,093.34 (Keyboard: $235.13, …)") — the parts are
//!   checked on their own;
//! - a duration in days, weeks, months or years between two evidence dates, or between an
//!   evidence date and the run's day (a tenure, an age, days until a deadline).
//!
//! The claim's precision and approximation words set the tolerance (the caller's `matches`).
//! Every search is bounded: at most `max_derived_values` values in pairwise search ([`super::bounds`]), fields of
//! at most [`MAX_SUBSET`] values in subset search, at most [`MAX_DATES`] dates, so the cost per
//! claim number stays near-linear in the evidence size.

/// Largest field (or answer number list) searched for subset sums (2^10 subsets).
pub const MAX_SUBSET: usize = 10;
/// Fields kept for subset sums per run.
pub const MAX_COLUMNS: usize = 16;
/// Dates taken into duration arithmetic.
pub const MAX_DATES: usize = 40;

/// Whether some subset of at least two of `values` sums to a value accepted by `matches`.
pub fn subset_sum(values: &[f64], matches: impl Fn(f64) -> bool) -> bool {
    let n = values.len().min(MAX_SUBSET);
    if n < 2 {
        return false;
    }
    (1u32..(1 << n))
        .filter(|m| m.count_ones() >= 2)
        .any(|mask| {
            let sum: f64 = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| values[i])
                .sum();
            matches(sum)
        })
}

/// Whether a value computed from two of `values` is accepted by `matches`: sum, absolute
/// difference, product, both ratios, and both percent changes.
pub fn pairwise(values: &[f64], cap: usize, matches: impl Fn(f64) -> bool) -> bool {
    let v = &values[..values.len().min(cap)];
    for (i, a) in v.iter().enumerate() {
        for b in &v[i + 1..] {
            let candidates = [
                a + b,
                (a - b).abs(),
                a * b,
                if *b != 0.0 { a / b } else { f64::NAN },
                if *a != 0.0 { b / a } else { f64::NAN },
                if *a != 0.0 {
                    (b - a) / a * 100.0
                } else {
                    f64::NAN
                },
                if *b != 0.0 {
                    (a - b) / b * 100.0
                } else {
                    f64::NAN
                },
            ];
            if candidates
                .iter()
                .any(|d| d.is_finite() && (matches(*d) || matches(d.abs())))
            {
                return true;
            }
        }
    }
    false
}

/// Days from 1970-01-01 of a civil date (proleptic Gregorian).
pub fn days_from_civil(y: i32, m: u32, d: u32) -> i64 {
    let y = i64::from(y) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Whether `value` in `unit` (days, weeks, months, years) is the duration between two of
/// `days` (day numbers), rounded or truncated as people state durations.
pub fn duration_matches(value: f64, unit: &str, days: &[i64]) -> bool {
    let per = match unit.trim_end_matches('s') {
        "day" => 1.0,
        "week" => 7.0,
        "month" => 30.436_875,
        "year" | "yr" => 365.2425,
        _ => return false,
    };
    let d = &days[..days.len().min(MAX_DATES)];
    d.iter().enumerate().any(|(i, a)| {
        d[i + 1..].iter().any(|b| {
            let span = (a - b).abs() as f64 / per;
            (span - value).abs() < 0.5 || span.floor() == value
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(x: f64) -> impl Fn(f64) -> bool {
        move |v| (v - x).abs() < 0.005
    }

    #[test]
    fn sums_of_parts() {
        assert!(subset_sum(&[235.13, 346.97, 511.24, 99.0], near(1093.34)));
        assert!(!subset_sum(&[235.13, 346.97, 511.24], near(1000.0)));
        assert!(!subset_sum(&[1093.34], near(1093.34)));
    }

    #[test]
    fn two_value_arithmetic() {
        assert!(pairwise(&[208.60, 200.80], 200, near(7.80)));
        assert!(pairwise(&[100.0, 1.08], 200, near(108.0))); // conversion at a rate
        assert!(pairwise(&[80.0, 100.0], 200, near(25.0))); // percent change
        assert!(!pairwise(&[80.0, 100.0], 200, near(33.0)));
    }

    #[test]
    fn durations() {
        let start = days_from_civil(2021, 3, 1);
        let today = days_from_civil(2026, 11, 22);
        assert!(duration_matches(5.0, "years", &[start, today]));
        assert!(!duration_matches(7.0, "years", &[start, today]));
        assert!(duration_matches(
            3.0,
            "days",
            &[days_from_civil(2026, 6, 1), days_from_civil(2026, 6, 4)]
        ));
        assert_eq!(days_from_civil(1970, 1, 1), 0);
    }
}
