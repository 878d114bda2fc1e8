//! A bounded calculator over the evidence: values an answer may compute rather than copy.
//! Inference consistent with the evidence is not a hallucination (spec), so a number is
//! supported when it is
//! - a count, sum, mean, minimum or maximum of a field across a JSON array (computed once per
//!   run when the evidence is indexed), or the sum of some of a field's values (the refund of
//!   the items being returned) — for fields of at most [`MAX_SUBSET`] values; a weighted total
//!   of two fields across an array (Σ amount × probability, a percent taken as a fraction);
//! - a sum, difference, midpoint, product, ratio or percent change of two evidence values (a
//!   price difference, a conversion at a rate given in the evidence, a band's midpoint);
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

/// The sums of the subsets of the first [`MAX_SUBSET`] of `values` whose size `size_ok`
/// accepts, in the order of their bit masks.
pub fn subset_sums<'a>(
    values: &'a [f64],
    size_ok: impl Fn(u32) -> bool + 'a,
) -> impl Iterator<Item = f64> + 'a {
    let n = values.len().min(MAX_SUBSET);
    (1u32..(1 << n))
        .filter(move |m| size_ok(m.count_ones()))
        .map(move |mask| {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| values[i])
                .sum()
        })
}

/// Whether some subset of at least two of `values` sums to a value accepted by `matches`.
pub fn subset_sum(values: &[f64], matches: impl Fn(f64) -> bool) -> bool {
    subset_sums(values, |k| k >= 2).any(matches)
}

/// Every value of `values`, then the sums of every subset of two or more of its first
/// [`MAX_SUBSET`], appended to `out` until it holds `cap` values: a long list must not crowd
/// out the one amount a percent is taken of.
pub fn push_subset_sums(values: &[f64], cap: usize, out: &mut Vec<f64>) {
    let room = cap.saturating_sub(out.len());
    let sums = values
        .iter()
        .copied()
        .chain(subset_sums(values, |k| k >= 2));
    out.extend(sums.take(room));
}

/// Values computed once per run, sorted, so that each claim number costs a binary search
/// instead of a pass over every pair (the derived values of a run are the same for all its
/// claims).
#[derive(Debug, Default)]
pub struct DerivedIndex {
    sorted: Vec<f64>,
}

impl DerivedIndex {
    fn from_candidates(mut v: Vec<f64>) -> Self {
        v.retain(|d| d.is_finite());
        v.sort_by(f64::total_cmp);
        v.dedup();
        DerivedIndex { sorted: v }
    }

    /// Percent changes between two of the first `cap` of `values` (in either direction), and
    /// the share one is of the other: only
    /// a percent may be one — a count or an amount that happens to equal a percent change of
    /// two unrelated values ("95 minutes" for 2 → 40) is no computation.
    pub fn percent_changes(values: &[f64], cap: usize) -> Self {
        let v = &values[..values.len().min(cap)];
        let mut out = Vec::with_capacity(v.len() * v.len());
        for (i, a) in v.iter().enumerate() {
            for b in &v[i + 1..] {
                // The change from one to the other, and the share one is of the other ("4,000
                // m³ of your 60,000 m³ cap, about 7%").
                if *a != 0.0 {
                    out.push(((b - a) / a * 100.0).abs());
                    out.push((b / a * 100.0).abs());
                }
                if *b != 0.0 {
                    out.push(((a - b) / b * 100.0).abs());
                    out.push((a / b * 100.0).abs());
                }
            }
        }
        Self::from_candidates(out)
    }

    /// Two-value arithmetic over the first `cap` of `values`: sums and absolute differences;
    /// with `scaling` also midpoints, products and ratios. (Percent changes:
    /// [`Self::percent_changes`].)
    pub fn pairs(values: &[f64], cap: usize, scaling: bool) -> Self {
        let v = &values[..values.len().min(cap)];
        let mut out = Vec::with_capacity(v.len() * v.len() * if scaling { 5 } else { 3 });
        for (i, a) in v.iter().enumerate() {
            for b in &v[i + 1..] {
                out.push((a + b).abs());
                out.push((a - b).abs());
                if scaling {
                    // The midpoint of a range ("the band midpoint of $195,000").
                    out.push(((a + b) / 2.0).abs());
                    out.push((a * b).abs());
                    if *b != 0.0 {
                        out.push((a / b).abs());
                    }
                    if *a != 0.0 {
                        out.push((b / a).abs());
                    }
                }
            }
        }
        Self::from_candidates(out)
    }

    /// Sums of every subset of at least two values of each field (fields of at most
    /// [`MAX_SUBSET`] values).
    pub fn subset_sums<'a>(columns: impl IntoIterator<Item = &'a Vec<f64>>) -> Self {
        let out = columns
            .into_iter()
            .flat_map(|col| subset_sums(col, |k| k >= 2))
            .collect();
        Self::from_candidates(out)
    }

    /// The weighted sums of each row's values, each weighed at 0, 1 or one of `weights`, at
    /// least one at a weight of `weights` (a row's plain sums are subset sums). No weights, no
    /// sums.
    pub fn weighted_sums(rows: impl Iterator<Item = Vec<f64>>, weights: &[f64]) -> Self {
        if weights.is_empty() {
            return Self::default();
        }
        let choices: Vec<f64> = [0.0, 1.0].iter().chain(weights).copied().collect();
        let base = choices.len();
        let mut out = Vec::new();
        for vals in rows {
            for mut code in 0..base.pow(vals.len() as u32) {
                let mut sum = 0.0;
                let mut partial = false;
                for v in &vals {
                    let w = choices[code % base];
                    code /= base;
                    partial |= w != 0.0 && w != 1.0;
                    sum += w * v;
                }
                if partial {
                    out.push(sum);
                }
            }
        }
        Self::from_candidates(out)
    }

    /// Whether a value in `lo..=hi` is accepted by `matches`.
    pub fn any_between(&self, lo: f64, hi: f64, matches: impl Fn(f64) -> bool) -> bool {
        let start = self.sorted.partition_point(|&d| d < lo);
        self.sorted[start..]
            .iter()
            .take_while(|&&d| d <= hi)
            .any(|&d| matches(d))
    }

    pub fn len(&self) -> usize {
        self.sorted.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sorted.is_empty()
    }
}

/// Weekday names in [`weekday_of`]'s order (0 = Sunday … 6 = Saturday).
pub const WEEKDAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

/// The weekday (0 = Sunday … 6 = Saturday) of a day number ([`days_from_civil`]).
pub fn weekday_of(days: i64) -> i64 {
    (days + 4).rem_euclid(7)
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

/// Day counts a person states for the period from day `a` to day `b` (day numbers, `a <= b`):
/// the days between them, the days counted inclusively, the working days (Monday to Friday,
/// inclusive), and the working days less each list of `holidays` (days that fall on a weekday
/// inside the period: "9 leave days, because Diwali (Mon, Nov 9) is a public holiday and
/// weekends don't count").
pub fn day_counts(a: i64, b: i64, holidays: &[&[i64]]) -> Vec<f64> {
    let weekday = |d: i64| !matches!(weekday_of(d), 0 | 6);
    let working = (a..=b).filter(|&d| weekday(d)).count() as f64;
    let mut out = vec![(b - a) as f64, (b - a + 1) as f64, working];
    for list in holidays {
        let mut off: Vec<i64> = list
            .iter()
            .copied()
            .filter(|&d| d >= a && d <= b && weekday(d))
            .collect();
        off.sort_unstable();
        off.dedup();
        if !off.is_empty() {
            out.push(working - off.len() as f64);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exhaustive search the index replaces: the oracle it is checked against.
    /// Whether a value computed from two of `values` is accepted by `matches`: sum, absolute
    /// difference, product, both ratios, and both percent changes.
    fn pairwise(values: &[f64], cap: usize, matches: impl Fn(f64) -> bool) -> bool {
        let v = &values[..values.len().min(cap)];
        for (i, a) in v.iter().enumerate() {
            for b in &v[i + 1..] {
                let candidates = [
                    a + b,
                    (a - b).abs(),
                    a * b,
                    if *b != 0.0 { a / b } else { f64::NAN },
                    if *a != 0.0 { b / a } else { f64::NAN },
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
        let pct = DerivedIndex::percent_changes(&[80.0, 100.0], 200);
        assert!(pct.any_between(24.0, 26.0, near(25.0))); // percent change
        assert!(!pct.any_between(32.0, 34.0, near(33.0)));
        // A percent change is no sum or difference.
        assert!(!pairwise(&[80.0, 100.0], 200, near(25.0)));
    }

    #[test]
    fn the_index_agrees_with_the_pairwise_search() {
        let vals = [208.60, 200.80, 100.0, 1.08, 80.0, 12.0, 0.0, 3.5];
        let all = DerivedIndex::pairs(&vals, 200, true);
        for target in [7.80, 108.0, 25.0, 33.0, 409.4, 92.59, 15.5, 1.0, 0.42] {
            let ok = near(target);
            assert_eq!(
                all.any_between(target - 1.0, target + 1.0, &ok),
                pairwise(&vals, 200, &ok),
                "{target}"
            );
        }
        let additive = DerivedIndex::pairs(&vals, 200, false);
        assert!(additive.any_between(7.0, 8.0, near(7.80)));
        assert!(!additive.any_between(107.0, 109.0, near(108.0))); // a product
        let sums = DerivedIndex::subset_sums(&[vec![235.13, 346.97, 511.24]]);
        assert!(sums.any_between(1093.0, 1094.0, near(1093.34)));
    }

    #[test]
    fn working_days_of_a_period() {
        let day = |m, d| days_from_civil(2026, m, d);
        // Mon Nov 2 to Fri Nov 13 2026: 12 days inclusive, 10 working days, 9 without Nov 9.
        let c = day_counts(day(11, 2), day(11, 13), &[&[day(11, 9), day(11, 14)]]);
        assert_eq!(c, vec![11.0, 12.0, 10.0, 9.0]);
        // A holiday on a Saturday takes no working day.
        let c = day_counts(day(11, 2), day(11, 13), &[&[day(11, 7)]]);
        assert_eq!(c, vec![11.0, 12.0, 10.0]);
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
