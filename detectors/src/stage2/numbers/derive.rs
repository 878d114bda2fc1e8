//! Values computed from the evidence and the answer ([`derived_value`]): sums, differences,
//! products and ratios of evidence values, weighted record sums, priced totals, arithmetic
//! between numbers the answer states.

use super::*;

/// A count the evidence names a field for, stated as the difference of two numbers the answer
/// states, one of them a value of that field ("enrolled in 15 credits … 5 credits under the
/// 20-credit cap" with `max_credits` 20): what is left of the field's value, not a
/// coincidental difference of any two numbers of the answer.
pub(in crate::stage2) fn difference_with_field(
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
    field: &[f64],
) -> bool {
    let stated = stated_operands(item, c, facts, |_| true);
    let of_field = |x: f64| field.iter().any(|f| (f - x).abs() < 1e-9);
    any_difference(&stated, c, |a, b| of_field(a) || of_field(b))
}

/// A distance the answer computes between two numbers it states, of the claim's unit or
/// without one ("letter at 6 unexcused absences … 2 unexcused … 4 absences below the
/// threshold"); the caller asks only where the words say a distance ("below", "short of").
pub(in crate::stage2) fn stated_difference(
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    let unit = c.unit.to_ascii_lowercase();
    let pool = stated_operands(item, c, facts, |u| u == unit || u.is_empty());
    any_difference(&pool, c, |_, _| true)
}

/// The numbers the answer states besides `item` that may be operands of `c`: no date parts,
/// the same currency, a unit `unit_ok` accepts; at most [`MAX_ANSWER_OPERANDS`].
pub(super) fn stated_operands(
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
    unit_ok: impl Fn(&str) -> bool,
) -> Vec<f64> {
    nearest(
        item,
        facts.numbers.iter().filter(|n| {
            n.start != item.start && !n.date_part && n.currency == c.currency && unit_ok(&n.unit)
        }),
    )
    .into_iter()
    .map(|n| n.value)
    .collect()
}

/// The first [`MAX_ANSWER_OPERANDS`] of `numbers` nearest to `item`, in the answer's order: a
/// computation's operands are stated near its result (a long answer's table must not crowd out
/// the rate in the sentence before).
pub(in crate::stage2) fn nearest<'a>(
    item: &Item,
    numbers: impl Iterator<Item = &'a AnswerNumber>,
) -> Vec<&'a AnswerNumber> {
    let mut near: Vec<&AnswerNumber> = numbers.collect();
    if near.len() > MAX_ANSWER_OPERANDS {
        near.sort_by_key(|n| n.start.abs_diff(item.start));
        near.truncate(MAX_ANSWER_OPERANDS);
        near.sort_by_key(|n| n.start);
    }
    near
}

/// Whether `c` is the difference of two of `pool` that `pair_ok` accepts.
pub(super) fn any_difference(
    pool: &[f64],
    c: &ClaimNumber,
    pair_ok: impl Fn(f64, f64) -> bool,
) -> bool {
    pool.iter().enumerate().any(|(i, &a)| {
        pool[i + 1..]
            .iter()
            .any(|&b| pair_ok(a, b) && matches_value(c, (a - b).abs()))
    })
}

/// Every value `c` could round to or approximate lies in this window (with a sliver of slack
/// for floating point): computed-value indexes are searched only there, and each candidate is
/// then checked exactly with [`matches_value`].
pub(super) fn rounding_window(c: &ClaimNumber) -> (f64, f64) {
    let v = c.value * c.magnitude;
    let half_unit = 0.5 * 10f64.powi(-c.decimals) * c.magnitude;
    let slack = 1e-9 * v.abs().max(1.0);
    (
        (v - half_unit).min(v / 1.25) - slack,
        (v + half_unit).max(v / 0.75) + slack,
    )
}

/// A value the answer computes from numbers it states itself (each checked on its own): a
/// sum of its parts ("93 seats × … + £250 + £150"), or what is left of one stated number
/// after another.
pub(super) fn answer_arithmetic(item: &Item, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
    let same_kind: Vec<f64> = facts
        .numbers
        .iter()
        .filter(|n| {
            n.start != item.start
                && !n.date_part
                && n.currency == c.currency
                && n.unit == c.unit.to_lowercase()
        })
        .map(|n| n.value)
        .collect();
    if calc::subset_sum(&same_kind, |d| matches_value(c, d)) {
        return true;
    }
    // What is left of one stated number after another ("You have 18 days available … you'd
    // have 9 left" after using 9): a difference of two numbers of the same kind the answer
    // states (its operands are checked on their own).
    // A count without its unit ("9 left") goes with the counts of one ("18 days").
    let unit = c.unit.to_ascii_lowercase();
    let pool = stated_operands(item, c, facts, |u| {
        u == unit || u.is_empty() || unit.is_empty()
    });
    any_difference(&pool, c, |_, _| true)
}

/// Most evidence rates tried by [`line_rate_product`].
const MAX_RATES: usize = 256;

/// An amount that is a count its line states times a rate of the evidence: a table row "| Held
/// now | 1,775 | 79.88 |" under "Hire per day (USD)" at `"rate_per_day": 0.045`. Only an
/// amount written with decimals, a whole count of two or more stated on the same line (checked
/// on its own), and an evidence value with a fraction (a rate, not another count); exact to
/// the amount's decimals, so a changed amount or count no longer multiplies out.
pub(in crate::stage2) fn line_rate_product(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    if c.decimals < 1 || c.is_percent() {
        return false;
    }
    let n = c.value * c.magnitude;
    let tol = 0.5 * 10f64.powi(-c.decimals) + 1e-9;
    let line_start = answer[..item.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = answer[item.end..]
        .find('\n')
        .map_or(answer.len(), |i| item.end + i);
    let counts: Vec<f64> = facts
        .numbers
        .iter()
        .filter(|x| {
            x.start >= line_start
                && x.start < line_end
                && x.start != item.start
                && !x.date_part
                && !x.code
                && x.value >= 2.0
                && x.value.fract() == 0.0
        })
        .map(|x| x.value)
        .collect();
    if counts.is_empty() {
        return false;
    }
    ev.numbers
        .iter()
        .filter(|x| x.4 && x.0 > 0.0)
        .take(MAX_RATES)
        .any(|x| counts.iter().any(|y| (y * x.0 - n).abs() <= tol))
}

/// Most numbers of a sentence tried as operands of [`approx_quotient`].
const MAX_QUOTIENT_OPERANDS: usize = 8;

/// An approximate count ("~90 leads", "around 82 leads") that is the quotient of two amounts of
/// one currency its sentence states ("the £4k cut … at the period's CPL of £44.53"): a sum of
/// money over a cost per unit. Only a claim with a rounding word before it and no currency of
/// its own, to half a unit of its last digit; each operand is checked on its own.
pub(in crate::stage2) fn approx_quotient(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    if !c.approx || !c.currency.is_empty() || c.is_percent() {
        return false;
    }
    let (s, e) = crate::stage2::states::whole_sentence_range(answer, item.start, item.end);
    let money: Vec<&AnswerNumber> = facts
        .numbers
        .iter()
        .filter(|n| {
            n.start != item.start
                && (s..e).contains(&n.start)
                && n.quantity()
                && !n.currency.is_empty()
                && n.value != 0.0
        })
        .take(MAX_QUOTIENT_OPERANDS)
        .collect();
    let n = c.value * c.magnitude;
    let tol = 0.5 * 10f64.powi(-c.decimals.max(0)) * c.magnitude;
    money.iter().any(|a| {
        money.iter().any(|b| {
            a.start != b.start && a.currency == b.currency && (a.value / b.value - n).abs() <= tol
        })
    })
}

/// The evidence's numbers, those it states first, then those computed from its arrays
/// (totals, means, the rest of a column): the pairwise search takes the first `max_derived` of
/// them, and the aggregates of one long result must not crowd out the values of the others.
fn evidence_values(ev: &Evidence) -> Vec<f64> {
    let stated = |n: &&(f64, usize, usize, usize, bool)| n.3 > n.2;
    ev.numbers
        .iter()
        .filter(stated)
        .chain(ev.numbers.iter().filter(|n| !stated(n)))
        .map(|n| n.0)
        .collect()
}

/// Sums, differences, products and ratios of two evidence values (built once per run).
fn scaling_pairs(ev: &Evidence) -> &calc::DerivedIndex {
    ev.derived_scaling
        .get_or_init(|| calc::DerivedIndex::pairs(&evidence_values(ev), ev.max_derived, true))
}

/// A product or ratio of two evidence values restated by one of `factors` (a change of unit,
/// see [`super::super::measures::field_unit_factors`]): "134,7 g per egg" of `feed_kg` 19,781
/// over `eggs` 146,865 is the ratio 0.1347 (kg per egg) times 1,000. Only precise values.
pub(in crate::stage2) fn scaled_pair(ev: &Evidence, c: &ClaimNumber, factors: &[f64]) -> bool {
    if factors.is_empty() || !c.precise() {
        return false;
    }
    let pairs = scaling_pairs(ev);
    let (lo, hi) = rounding_window(c);
    factors
        .iter()
        .any(|&f| pairs.any_between(lo / f, hi / f, |x| matches_value(c, x * f)))
}

/// A claim number computed from the evidence or from the answer's own numbers (see
/// [`calc`]): two-value arithmetic, subset sums of a field, sums of the answer's own parts,
/// durations between dates.
pub(in crate::stage2) fn derived_value(
    ev: &Evidence,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    // Computed values (see [`calc`]): two-value arithmetic, subset sums of a
    // field, sums of the answer's own parts, durations between dates.
    let vals = evidence_values(ev);
    let relaxed = ClaimNumber {
        approx: true,
        ..c.clone()
    };
    // Products and ratios only for values precise enough that a coincidence is
    // unlikely (a decimal price, a value of 100 or more).
    let scaling = c.precise();
    let derived_ok =
        |d: f64| matches_value(c, d) || (c.unit.contains('%') && matches_value(&relaxed, d));
    // The indexes (built once per run) are searched only in the claim's rounding window.
    let v = c.value * c.magnitude;
    let (lo, hi) = rounding_window(c);
    let additive = || {
        ev.derived_additive
            .get_or_init(|| calc::DerivedIndex::pairs(&vals, ev.max_derived, false))
    };
    let pairs = if scaling {
        scaling_pairs(ev)
    } else {
        additive()
    };
    let subsets = ev
        .derived_subsets
        .get_or_init(|| calc::DerivedIndex::subset_sums(ev.columns()));
    if pairs.any_between(lo, hi, derived_ok) || subsets.any_between(lo, hi, derived_ok) {
        return true;
    }
    if c.is_percent()
        && ev
            .derived_percent
            .get_or_init(|| calc::DerivedIndex::percent_changes(&vals, ev.max_derived))
            .any_between(lo, hi, derived_ok)
    {
        return true;
    }
    if answer_arithmetic(item, c, facts) {
        return true;
    }
    // A percent of a base ("20% partner discount: −£526.40" of a £2,632.00 subtotal; a price
    // after a discount or with a tax): a percent stated near the number, applied to an evidence
    // value. Only precise values.
    let precise = c.decimals > 0 || v.abs() >= 100.0;
    let percents: Vec<f64> = facts
        .numbers
        .iter()
        .filter(|n| {
            percent_unit(&n.unit)
                && n.start.abs_diff(item.start) <= PERCENT_REACH
                && n.value > 0.0
                && n.value < 100.0
        })
        .map(|n| n.value / 100.0)
        .take(3)
        .collect();
    if precise && !percents.is_empty() {
        // The percent of the base, the base less it, the base plus it.
        let factors: Vec<f64> = percents
            .iter()
            .flat_map(|p| [*p, 1.0 - p, 1.0 + p])
            .collect();
        // Bases from the evidence only: a base the answer states may itself be a conflated
        // value, and a percent of it would pass that error on.
        let bases = vals[..vals.len().min(ev.max_derived)].iter().copied();
        for x in bases {
            if factors.iter().any(|f| matches_value(c, (x * f).abs())) {
                return true;
            }
        }
        // The base may be the sum or difference of two evidence values ("a late charge of 5%
        // of principal and interest ($134.65)"): searched in the additive pairs' index, in
        // the window the claim's rounding allows for each factor.
        let additive = additive();
        if factors
            .iter()
            .any(|&f| additive.any_between(lo / f, hi / f, |x| matches_value(c, x * f)))
        {
            return true;
        }
    }
    if precise && priced_total(ev, item, c, facts) {
        return true;
    }
    if super::super::measures::dimensional_product(item, c, facts) {
        return true;
    }
    if precise && weighted_record_sum(ev, c, facts) {
        return true;
    }
    // Days of a period the answer names: "November 2 to November 13 would use 9 leave days".
    let unit = c.unit.to_ascii_lowercase();
    let whole = c.decimals == 0 && c.magnitude == 1.0 && c.value.fract() == 0.0;
    if whole
        && (unit.is_empty() || unit.starts_with("day"))
        && facts.day_counts.contains(&(c.value))
    {
        return true;
    }
    if matches!(
        unit.trim_end_matches('s'),
        "day" | "week" | "month" | "year"
    ) {
        let mut days: Vec<i64> = ev.dated_days().collect();
        days.extend(ev.run_day);
        if calc::duration_matches(c.value * c.magnitude, &unit, &days) {
            return true;
        }
    }
    false
}

/// Numeric fields of a record weighed in [`weighted_record_sum`], and percents of the answer
/// taken as weights.
pub(super) const MAX_WEIGHTED_FIELDS: usize = 4;
pub(super) const MAX_WEIGHTS: usize = 2;

/// A weighted sum of one record's numeric fields, each counted in full, at a percent the answer
/// states, or not at all ("new words in full, fuzzy matches at 50% and repetitions at 25%:
/// 7,450 weighted words" for `words_new` 6,200, `words_fuzzy` 1,800, `words_repeat` 1,400). At
/// least one field is weighed at a percent (plain sums are subset sums); records of at most
/// [`MAX_WEIGHTED_FIELDS`] numeric fields, at most [`MAX_WEIGHTS`] percents: at most 4⁴ sums a
/// record, computed once per answer ([`calc::DerivedIndex::weighted_sums`]). Only precise values
/// (the caller's rule).
pub(super) fn weighted_record_sum(ev: &Evidence, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
    let index = facts.weighted.get_or_init(|| {
        let mut weights: Vec<f64> = facts
            .numbers
            .iter()
            .filter(|n| percent_unit(&n.unit) && n.value > 0.0 && n.value < 100.0)
            .map(|n| n.value / 100.0)
            .collect();
        weights.dedup();
        weights.truncate(MAX_WEIGHTS);
        let rows = ev
            .records
            .iter()
            .map(|r| r.fields.iter().map(|f| f.1).collect::<Vec<f64>>())
            .filter(|vals| (2..=MAX_WEIGHTED_FIELDS).contains(&vals.len()));
        calc::DerivedIndex::weighted_sums(rows, &weights)
    });
    let (lo, hi) = rounding_window(c);
    index.any_between(lo, hi, |d| matches_value(c, d))
}

/// Candidate values taken into a priced total ([`priced_total`]).
pub(super) const MAX_PRICE_TERMS: usize = 256;

/// A bill computed in steps from what the answer states: a quantity times a price the answer
/// names ("18 seats at £24.00"), or a sum of amounts it lists; plus the sum of some values of
/// one evidence field (the add-ons it only names: "plus 2 add-ons"); then a percent the answer
/// states taken of it, off it or on it ("minus your 20% discount" → £665.60, "20% partner
/// discount: −£526.40"). The operands are the answer's own numbers, each checked on its own,
/// so the search stays small: a hallucinated total is still one no such step reaches.
pub(super) fn priced_total(
    ev: &Evidence,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    let stated: Vec<&AnswerNumber> = nearest(
        item,
        facts
            .numbers
            .iter()
            .filter(|n| n.start != item.start && !n.date_part && !n.unit.contains('%')),
    );
    let priced: Vec<f64> = stated
        .iter()
        .filter(|n| !c.currency.is_empty() && n.currency == c.currency)
        .map(|n| n.value)
        .collect();
    if priced.is_empty() {
        return false;
    }
    let mut bases = Vec::with_capacity(MAX_PRICE_TERMS);
    calc::push_subset_sums(&priced, MAX_PRICE_TERMS / 2, &mut bases);
    // Quantities: unitless numbers and small counts written as words ("for four together").
    let mut quantities: Vec<f64> = stated
        .iter()
        .filter(|n| n.currency.is_empty())
        .map(|n| n.value)
        .collect();
    quantities.extend(
        facts
            .words
            .iter()
            .filter(|&&q| q >= 2)
            .map(|&q| f64::from(q)),
    );
    quantities.dedup();
    // A quantity times a price, alone or plus one other amount the answer states (an order
    // fee: "4 × $44.54, then the total with the $3.50 order fee"): every product first, so
    // that the sums of the first ones do not crowd out the products of later lines.
    let quantities = &quantities[..quantities.len().min(MAX_ANSWER_OPERANDS)];
    let products = quantities
        .iter()
        .flat_map(|q| priced.iter().map(move |p| q * p));
    bases.extend(products.take(MAX_PRICE_TERMS.saturating_sub(bases.len())));
    'sums: for q in quantities {
        for (i, p) in priced.iter().enumerate() {
            for (j, s) in priced.iter().enumerate() {
                if bases.len() >= MAX_PRICE_TERMS {
                    break 'sums;
                }
                if j != i {
                    bases.push(q * p + s);
                }
            }
        }
    }
    // Evidence values the answer lists are in its sums already: not counted twice.
    let mut extras = vec![0.0];
    for col in ev.columns() {
        let unlisted: Vec<f64> = col
            .iter()
            .copied()
            .filter(|v| !stated.iter().any(|n| (n.value - v).abs() < 1e-9))
            .collect();
        calc::push_subset_sums(&unlisted, MAX_PRICE_TERMS, &mut extras);
    }
    let mut factors = vec![1.0];
    for n in facts
        .numbers
        .iter()
        .filter(|n| n.unit == "%" && n.value > 0.0 && n.value < 100.0)
        .take(4)
    {
        let p = n.value / 100.0;
        factors.extend([p, 1.0 - p, 1.0 + p]);
    }
    // Sorted, so that each (base, factor) searches only the extras its result can round to.
    extras.sort_by(f64::total_cmp);
    extras.dedup();
    let (lo, hi) = rounding_window(c);
    bases.iter().any(|b| {
        factors.iter().any(|&f| {
            if f <= 0.0 {
                return false;
            }
            let (from, to) = (lo / f - b, hi / f - b);
            let start = extras.partition_point(|&x| x < from);
            extras[start..]
                .iter()
                .take_while(|&&x| x <= to)
                .any(|s| matches_value(c, (b + s) * f))
        })
    })
}
