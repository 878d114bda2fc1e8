//! Numbers of a claim and their match against the evidence: [`ClaimNumber`] (value, precision,
//! approximation, unit, magnitude, counted noun), the answer's own numbers, rounding, unit
//! conversions and values computed from the evidence ([`derived_value`]).

use super::calc;
use super::coverage::{COVERAGE_STOP, STOPWORDS};
use super::evidence::Evidence;
use super::items::{
    captured_magnitude, captured_unit, captured_value, civil_from_days, date_parts, month_index,
    re, Item,
};

/// Decimal places of a numeric literal.
pub(super) fn decimals(frac: Option<&str>) -> i32 {
    frac.map_or(0, |f| f.len() as i32)
}

pub(super) fn approx_words_before(text: &str, pos: usize) -> bool {
    let window = &text[text[..pos]
        .char_indices()
        .rev()
        .nth(24)
        .map_or(0, |(i, _)| i)..pos]
        .to_ascii_lowercase();
    [
        "about",
        "around",
        "approximately",
        "roughly",
        "nearly",
        "almost",
        "over",
        "under",
        "just",
        "some",
        "close to",
        "more than",
        "less than",
        "~",
        "≈",
        "approx",
        "up to",
        "at least",
    ]
    .iter()
    .any(|w| window.contains(w))
}

#[derive(Clone)]
pub(super) struct ClaimNumber {
    pub(super) value: f64,
    pub(super) decimals: i32,
    pub(super) approx: bool,
    pub(super) unit: String,
    pub(super) magnitude: f64,
    /// The counted noun right after a unit-less number ("15 comments").
    pub(super) noun: Option<String>,
    /// The content word naming the quantity before the number in its clause ("Humidity is at
    /// 40%").
    pub(super) noun_before: Option<String>,
    /// Currency symbol before the number, if any.
    pub(super) currency: String,
}

/// A percentage's unit: "%" or "percent" (any case).
fn percent_unit(unit: &str) -> bool {
    let u = unit.to_ascii_lowercase();
    unit.contains('%') || u.starts_with("percent") || u.starts_with("per cent")
}

impl ClaimNumber {
    /// A percentage: "%" or "percent" (any case) after the number.
    pub(super) fn is_percent(&self) -> bool {
        percent_unit(&self.unit)
    }
}

/// A number stated anywhere in the answer (for totals the answer shows the parts of).
pub(super) struct AnswerNumber {
    /// Byte offset in the answer.
    start: usize,
    /// Value times magnitude.
    value: f64,
    /// Part of a date ("Nov 9", "2 March", the "11" of "2026-11-09"), not a quantity.
    date_part: bool,
    /// Part of a code ("#1613", "REQ-26-9941"), not a quantity.
    code: bool,
    /// Currency symbol and unit (lower-cased): only numbers of the same kind add up.
    currency: String,
    unit: String,
}

impl AnswerNumber {
    /// Value times magnitude.
    pub(super) fn value(&self) -> f64 {
        self.value
    }

    /// Byte offset in the answer.
    pub(super) fn start(&self) -> usize {
        self.start
    }

    /// Its unit, lower-cased.
    pub(super) fn unit(&self) -> &str {
        &self.unit
    }

    /// A quantity: no part of a date or a code.
    pub(super) fn quantity(&self) -> bool {
        !self.date_part && !self.code
    }
}

/// What the answer itself states that its numbers may be computed from: its numbers, and the
/// day counts of the periods it names ([`calc::day_counts`]).
pub(super) struct AnswerFacts {
    pub(super) numbers: Vec<AnswerNumber>,
    /// Small counts the answer writes as words ("four", "two"), in order.
    pub(super) words: Vec<u32>,
    /// Day counts of "November 2 to November 13", "Dec 21 – 31", "2026-03-01 to 2026-03-05".
    pub(super) day_counts: Vec<f64>,
    /// The weighted record sums at the answer's percents ([`weighted_record_sum`]), built on
    /// first use: the same for every claim number of the answer.
    weighted: std::cell::OnceCell<calc::DerivedIndex>,
}

/// How far (bytes) from a number a percent applied to it may be stated.
const PERCENT_REACH: usize = 160;

/// Numbers of the answer taken into differences (pairs of them).
const MAX_ANSWER_OPERANDS: usize = 16;

/// Periods taken from one answer.
const MAX_PERIODS: usize = 8;

impl AnswerFacts {
    /// Whether the answer states two quantities of the same kind (currency and unit; no part of
    /// a date or a code) between byte offsets `from` and `to`: values side by side ("$1.99 vs
    /// $3.99").
    pub(super) fn compares_in(&self, from: usize, to: usize) -> bool {
        let q: Vec<&AnswerNumber> = self
            .numbers
            .iter()
            .filter(|n| !n.date_part && !n.code && n.start >= from && n.start < to)
            .collect();
        q.iter().enumerate().any(|(i, a)| {
            q[i + 1..]
                .iter()
                .any(|b| a.currency == b.currency && a.unit == b.unit)
        })
    }

    pub(super) fn new(answer: &str, ev: &Evidence) -> Self {
        AnswerFacts {
            numbers: answer_numbers(answer),
            words: answer
                .split(|c: char| !c.is_alphabetic())
                .filter_map(number_word)
                .take(MAX_ANSWER_OPERANDS)
                .collect(),
            day_counts: day_counts(answer, ev),
            weighted: std::cell::OnceCell::new(),
        }
    }
}

/// Every number of the answer with its kind (the same reading as the claims' numbers).
fn answer_numbers(answer: &str) -> Vec<AnswerNumber> {
    re().number
        .captures_iter(answer)
        .take(64)
        .filter_map(|c| {
            let num = c.name("num")?;
            let value = captured_value(&c)? * captured_magnitude(&c);
            let start = c.name("cur").map_or(num.start(), |x| x.start());
            let currency = super::items::captured_currency(&c).to_owned();
            let unit = captured_unit(&c).to_lowercase();
            let after = &answer[num.end()..];
            let before = answer[..start].trim_end();
            let date_part =
                month_index(before.rsplit(' ').next().unwrap_or("")).is_some_and(|_| {
                    before.ends_with(|ch: char| ch.is_ascii_alphabetic() || ch == '.')
                }) || after
                    .trim_start()
                    .split(|ch: char| !ch.is_ascii_alphabetic())
                    .next()
                    .is_some_and(|w| w.len() >= 3 && month_index(w).is_some())
                    || before.ends_with(['-', '/', '–'])
                        // (not a list marker: "- 120t of ASW1" on a line of its own)
                        && !before
                            .trim_end_matches(['-', '/', '–'])
                            .rsplit('\n')
                            .next()
                            .is_some_and(|line| line.trim().is_empty());
            let code = answer[..start]
                .chars()
                .next_back()
                .is_some_and(|ch| ch == '#' || ch == '-' || ch == '_' || ch.is_alphanumeric());
            Some(AnswerNumber {
                start,
                value,
                code,
                date_part,
                currency,
                unit,
            })
        })
        .collect()
}

/// Day counts of the periods the answer names: two dates joined by "to", "through", "until",
/// a dash, or a month's day range ("Dec 21–31"). A date without a year takes the year of the
/// same day in the evidence, else the evidence's first year, else the run's.
fn day_counts(answer: &str, ev: &Evidence) -> Vec<f64> {
    let r = re();
    let default_year = ev
        .dates
        .iter()
        .find_map(|d| d.2)
        .or_else(|| ev.run_day.map(|d| civil_from_days(d).0));
    let Some(default_year) = default_year else {
        return Vec::new();
    };
    let year_of = |m: u32, d: u32, y: Option<i32>| {
        y.or_else(|| {
            ev.dates
                .iter()
                .find(|x| x.0 == m && x.1 == d)
                .and_then(|x| x.2)
        })
        .unwrap_or(default_year)
    };
    // (start, end, day number) of each date of the answer.
    let mut dates: Vec<(usize, usize, i64)> = Vec::new();
    for c in r.date_text.captures_iter(answer).take(32) {
        let whole = c.get(0).expect("match");
        let (Some(m), Some(d), year) = date_parts(&c) else {
            continue;
        };
        if !(1..=31).contains(&d) {
            continue;
        }
        let y = year_of(m, d, year);
        dates.push((whole.start(), whole.end(), calc::days_from_civil(y, m, d)));
        // "Dec 21–31": the end of the range is a day of the same month.
        let rest = &answer[whole.end()..];
        let t = rest.trim_start_matches([' ', '–', '-', '—']);
        let dashed =
            rest.len() - t.len() > 0 && rest[..rest.len() - t.len()].contains(['–', '-', '—']);
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        if dashed && !digits.is_empty() && digits.len() <= 2 {
            let after = t[digits.len()..].trim_start();
            let month_follows = after
                .split(|ch: char| !ch.is_ascii_alphabetic())
                .next()
                .is_some_and(|w| w.len() >= 3 && month_index(w).is_some());
            if let (Ok(d2), false) = (digits.parse::<u32>(), month_follows) {
                if (1..=31).contains(&d2) && d2 > d {
                    let s2 = whole.end() + (rest.len() - t.len());
                    dates.push((s2, s2 + digits.len(), calc::days_from_civil(y, m, d2)));
                }
            }
        }
    }
    dates.sort_by_key(|d| d.0);
    let holidays: Vec<i64> = ev.dated_days().collect();
    let mut out = Vec::new();
    let mut periods = 0;
    for w in dates.windows(2) {
        let (a, b) = (w[0], w[1]);
        let Some(between) = answer.get(a.1..b.0) else {
            continue;
        };
        let between = between.trim().trim_matches('*').trim().to_ascii_lowercase();
        let joins = matches!(
            between.as_str(),
            "to" | "through" | "thru" | "until" | "till" | "-" | "–" | "—" | "and" | ""
        );
        if !joins || b.2 < a.2 || b.2 - a.2 > 366 || periods >= MAX_PERIODS {
            continue;
        }
        periods += 1;
        // Days off inside the period: the evidence's dates strictly inside it (its own ends are
        // often in the evidence as the request's dates), or the other dates the answer names
        // within it ("Thanksgiving Day (Nov 26), Day after Thanksgiving (Nov 27)").
        let named: Vec<i64> = dates
            .iter()
            .filter(|d| d.0 != a.0 && d.0 != b.0 && d.2 >= a.2 && d.2 <= b.2)
            .map(|d| d.2)
            .collect();
        let inner: Vec<i64> = holidays
            .iter()
            .copied()
            .filter(|&d| d > a.2 && d < b.2)
            .collect();
        out.extend(calc::day_counts(a.2, b.2, &[&inner, &named]));
    }
    out
}

pub(super) fn matches_value(c: &ClaimNumber, e: f64) -> bool {
    let v = c.value * c.magnitude;
    if c.magnitude > 1.0 || c.approx {
        let tol = if c.magnitude > 1.0 { 0.05 } else { 0.1 };
        return (v - e).abs() <= tol * e.abs().max(1e-9)
            || round_to(e / c.magnitude, c.decimals) == c.value;
    }
    // In the claim's own unit: pence are rounded as pence ("2.6p" for £0.0257). A value
    // exactly halfway between two of the claim's steps may be rounded either way (5 % of
    // $2,312.50 is $115.625: "$115.62" rounds half to even, as banks and Python do).
    let x = e / c.magnitude;
    let steps = (x - c.value).abs() * 10f64.powi(c.decimals.max(0));
    round_to(x, c.decimals) == c.value || (v - e).abs() < 1e-9 || (steps - 0.5).abs() < 1e-6
}

fn round_to(x: f64, d: i32) -> f64 {
    let p = 10f64.powi(d.max(0));
    (x * p).round() / p
}

pub(super) fn conversions(c: &ClaimNumber, e: f64) -> bool {
    let u = c.unit.to_ascii_lowercase();
    let mut alts = Vec::new();
    if u.contains('f') && (u.contains('°') || u.contains("deg") || u.contains("fahrenheit")) {
        alts.push(e * 9.0 / 5.0 + 32.0);
    }
    if u.contains('c') && (u.contains('°') || u.contains("deg") || u.contains("celsius")) {
        alts.push((e - 32.0) * 5.0 / 9.0);
    }
    if u == "mph" || u.starts_with("mi") {
        alts.push(e * 0.621371);
    }
    if u == "km/h" || u == "kph" || u.starts_with("km") || u.starts_with("kilomet") {
        alts.push(e * 1.609344);
    }
    if u.starts_with("lb") || u.starts_with("pound") {
        alts.push(e * 2.20462);
    }
    if u == "kg" {
        alts.push(e / 2.20462);
    }
    if u.starts_with('h') {
        alts.push(e / 60.0);
        alts.push(e / 3600.0);
    }
    if u.starts_with("min") {
        alts.push(e * 60.0);
        alts.push(e / 60.0);
    }
    if u.starts_with("day") {
        alts.push(e / 24.0);
        alts.push(e / 86400.0);
    }
    // A base-unit value shown with an SI prefix ("4.9 kW" for `"solarW": 4908`, "2.5 GB" for
    // bytes, "1.2 km" for metres); bytes also by powers of 1,024, and one prefix step down
    // ("50 GB" for `storage_mb: 51200`). Exact to the decimals the claim states (a scale
    // changes no precision), like the units of one quantity: not relaxed like the conversions
    // below.
    if let Some((scale, bytes)) = si_prefix(&u) {
        let mut scaled = vec![e / scale];
        if bytes {
            scaled.push(e / 1024f64.powf(scale.log10() / 3.0));
            scaled.push(e / 1000.0);
            scaled.push(e / 1024.0);
        }
        if scaled.into_iter().any(|a| matches_value(c, a)) {
            return true;
        }
    }
    if physical_factors(&u).iter().any(|f| matches_value(c, e * f)) {
        return true;
    }
    let relaxed = ClaimNumber {
        approx: true,
        ..c.clone()
    };
    alts.into_iter()
        .any(|a| round_to(a, c.decimals) == c.value * c.magnitude || matches_value(&relaxed, a))
}

/// Factors that turn a value of another unit of the same quantity into the claim's unit
/// (lower-cased): pressure (psi, kPa, bar), length (inches, cm, mm, feet, metres), volume
/// (gallons, litres, m³, megalitres), area (m², sq ft, hectares, acres). Matched exactly to
/// the claim's decimals, like a scale.
fn physical_factors(unit: &str) -> &'static [f64] {
    match unit {
        "psi" => &[0.145_037_7, 14.503_77],
        "kpa" => &[6.894_757, 100.0],
        "bar" => &[0.068_947_57, 0.01],
        "inch" | "inches" => &[1.0 / 2.54, 1.0 / 25.4],
        "cm" => &[2.54],
        "mm" => &[25.4],
        "feet" | "foot" | "ft" => &[3.280_84],
        "meter" | "meters" | "metre" | "metres" => &[0.3048],
        "gallon" | "gallons" | "gal" => &[0.264_172],
        "liter" | "liters" | "litre" | "litres" => &[3.785_41],
        "m²" => &[0.092_903, 10_000.0],
        "sq ft" => &[10.763_9],
        // Volume: m³ from litres or megalitres, megalitres from m³ or litres.
        "m³" => &[0.001, 1000.0],
        "megaliter" | "megaliters" | "megalitre" | "megalitres" => &[0.001, 1e-6],
        // Land: hectares from acres or m², acres from hectares.
        "ha" | "hectare" | "hectares" => &[0.404_686, 1e-4],
        "acre" | "acres" => &[2.471_05],
        _ => &[],
    }
}

/// The power of ten an SI-prefixed unit scales its base unit by, and whether the unit counts
/// bytes: `kW`/`kWh`/`kHz`/`km`/`kg`/`kB` 10³, `MW`/`MWh`/`MHz`/`MB` 10⁶, `GW`/`GWh`/`GHz`/`GB`
/// 10⁹, `TB` 10¹², `ms` 10⁻³ (lower-cased unit).
fn si_prefix(unit: &str) -> Option<(f64, bool)> {
    let mut chars = unit.chars();
    let prefix = chars.next()?;
    let base = chars.as_str();
    let scale = match prefix {
        'k' => 1e3,
        'm' if base == "s" => 1e-3,
        'm' => 1e6,
        'g' => 1e9,
        't' => 1e12,
        _ => return None,
    };
    let known = matches!(base, "w" | "wh" | "hz" | "b") || matches!(unit, "km" | "kg" | "ms");
    known.then_some((scale, base == "b"))
}

/// The first content word before `pos` in its clause (at most three words back), lower-cased:
/// what the number after it measures ("Humidity is at 40%" → `humidity`).
pub(super) fn noun_before(answer: &str, pos: usize, end: usize) -> Option<String> {
    let pos = crate::text::floor_char_boundary(answer, pos);
    let from = crate::text::floor_char_boundary(answer, pos.saturating_sub(200));
    let before = &answer[from..pos];
    let mut clause = before.rsplit([',', ';', ':', '.', '(', '\n', '—']).next()?;
    // A label names the value after it when the number is the whole value ("Annual leave
    // available: 8", "**Balance:** $40"), not when it is part of one ("Screen size: 15-inch",
    // "Item: 8-inch, 128GB gold tablet").
    let rest = answer.get(end..).unwrap_or("");
    let whole_value = rest.is_empty()
        || rest.starts_with(['\n', ')', ' ', '*'])
            && rest
                .trim_start_matches(['*', ' '])
                .chars()
                .next()
                .is_none_or(|c| matches!(c, '\n' | '(' | ')'))
        || rest.starts_with(['.', ';', ','])
            && rest[1..].chars().next().is_none_or(char::is_whitespace);
    if whole_value
        && clause
            .trim_matches(|c: char| c.is_whitespace() || c == '*')
            .is_empty()
    {
        let head = &before[..before.len() - clause.len()];
        if let Some(label) = head
            .strip_suffix(':')
            .or_else(|| head.trim_end_matches('*').strip_suffix(':'))
        {
            clause = label.rsplit([',', ';', ':', '.', '(', '\n', '—']).next()?;
        }
    }
    // Only linking words may stand between the noun and its number; the noun is the head of
    // its phrase ("price difference of $0.60" measures a difference, not a price).
    const LINKING: &[&str] = &[
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "at",
        "of",
        "to",
        "about",
        "around",
        "roughly",
        "approximately",
        "now",
        "currently",
        "only",
        "just",
        "by",
        "stands",
        "sits",
        "reads",
    ];
    let back: Vec<String> = clause
        .split_whitespace()
        .rev()
        .take(5)
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let at = back
        .iter()
        .take(4)
        .position(|w| !LINKING.contains(&w.as_str()))?;
    // After a subject pronoun the word is a verb ("the bookshelf you ordered is 5 feet"),
    // not what the number measures.
    const SUBJECTS: &[&str] = &["i", "you", "we", "they", "he", "she", "it"];
    if back
        .get(at + 1)
        .is_some_and(|w| SUBJECTS.contains(&w.as_str()))
    {
        return None;
    }
    // A noun another number counts ("three hours at €45", "6,200 words at €0.12") has its
    // quantity: the number after it is a rate or price of it, not its value.
    let counted = back.get(at + 1).is_some_and(|w| {
        number_word(w).is_some()
            || !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    });
    if counted {
        return None;
    }
    let noun = back[at].clone();
    (noun.len() >= 4
        && noun.chars().all(|c| c.is_ascii_alphabetic())
        && !STOPWORDS.contains(&noun.as_str())
        && !COVERAGE_STOP.contains(&noun.as_str()))
    .then_some(noun)
}

/// The period a rate is stated per, in days (month and year by their calendar factors), from
/// the text right after its number: "/mo", "a month", "per year", "monthly", "/wk", "a day".
pub(super) fn period_after(rest: &str) -> Option<f64> {
    let r = rest.trim_start().to_ascii_lowercase();
    let r = r
        .strip_prefix('/')
        .or_else(|| r.strip_prefix("per "))
        .or_else(|| r.strip_prefix("a "))
        .or_else(|| r.strip_prefix("an "))
        .or_else(|| r.strip_prefix("each "))
        .unwrap_or(&r);
    let word: String = r
        .chars()
        .take_while(|ch| ch.is_ascii_alphabetic())
        .collect();
    match word.as_str() {
        "day" | "daily" | "d" => Some(1.0),
        "week" | "weekly" | "wk" => Some(7.0),
        "month" | "monthly" | "mo" | "mth" => Some(365.0 / 12.0),
        "year" | "yearly" | "annually" | "annual" | "yr" | "annum" => Some(365.0),
        _ => None,
    }
}

/// A rate the answer restates per another period ("$765.20/yr, approx. $64/mo", "$12 a week
/// ($624 a year)"): the same amount of another of the answer's numbers, of the same currency
/// and stated per another period, converted by the calendar's factors (12 months, 52 weeks or
/// 365 days a year; 7 days a week; 30 days or 4 weeks a month besides the exact ratios). The
/// other number is checked on its own.
pub(super) fn period_restated(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    let Some(own) = period_after(&answer[item.end..]) else {
        return false;
    };
    facts
        .numbers
        .iter()
        .filter(|n| !n.date_part && !n.code && n.start != item.start && n.currency == c.currency)
        .take(MAX_ANSWER_OPERANDS * 4)
        .any(|n| {
            let tail = &answer[n.start..];
            let skip = tail
                .find(|ch: char| !(ch.is_ascii_digit() || "$€£¥,.".contains(ch)))
                .unwrap_or(tail.len());
            let Some(other) = period_after(&tail[skip..]) else {
                return false;
            };
            if (other - own).abs() < 1e-9 {
                return false;
            }
            let month = 365.0 / 12.0;
            let mut ratios = vec![own / other];
            // Calendar shorthands: a month of 30 days or 4 weeks, a year of 52 weeks.
            let pair = |a: f64, b: f64| (own - a).abs() < 1e-9 && (other - b).abs() < 1e-9;
            if pair(month, 1.0) {
                ratios.push(30.0);
            } else if pair(1.0, month) {
                ratios.push(1.0 / 30.0);
            } else if pair(month, 7.0) {
                ratios.push(4.0);
            } else if pair(7.0, month) {
                ratios.push(0.25);
            } else if pair(365.0, 7.0) {
                ratios.push(52.0);
            } else if pair(7.0, 365.0) {
                ratios.push(1.0 / 52.0);
            }
            ratios.into_iter().any(|r| matches_value(c, n.value * r))
        })
}

/// An ordinal week or day of a period that starts on an evidence date ("Monday, October 5
/// (week 7 of the term)" for a term starting August 24; "day 3 of your trip"): the claim's
/// sentence names the date, the evidence the start, at most a year before it.
pub(super) fn ordinal_of_period(ev: &Evidence, answer: &str, item: &Item, c: &ClaimNumber) -> bool {
    let before = answer[..item.start].trim_end().to_ascii_lowercase();
    let step = if before.ends_with("week") {
        7
    } else if before.ends_with("day") {
        1
    } else {
        return false;
    };
    let n = c.value * c.magnitude;
    if c.decimals != 0 || n.fract() != 0.0 || !(1.0..=366.0).contains(&n) {
        return false;
    }
    let Some(default_year) = ev.dates.iter().find_map(|d| d.2) else {
        return false;
    };
    let sentence = super::states::sentence_around(answer, item.start, item.end);
    re().date_text.captures_iter(&sentence).take(8).any(|caps| {
        let (Some(m), Some(d), y) = date_parts(&caps) else {
            return false;
        };
        let y = y
            .or_else(|| {
                ev.dates
                    .iter()
                    .find(|x| x.0 == m && x.1 == d)
                    .and_then(|x| x.2)
            })
            .unwrap_or(default_year);
        let day = calc::days_from_civil(y, m, d);
        ev.dates.iter().any(|x| {
            let Some(sy) = x.2 else { return false };
            let start = calc::days_from_civil(sy, x.0, x.1);
            (0..=366).contains(&(day - start)) && (day - start) / step + 1 == n as i64
        })
    })
}

/// A count the evidence names a field for, stated as the difference of two numbers the answer
/// states, one of them a value of that field ("enrolled in 15 credits … 5 credits under the
/// 20-credit cap" with `max_credits` 20): what is left of the field's value, not a
/// coincidental difference of any two numbers of the answer.
pub(super) fn difference_with_field(
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
pub(super) fn stated_difference(item: &Item, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
    let unit = c.unit.to_ascii_lowercase();
    let pool = stated_operands(item, c, facts, |u| u == unit || u.is_empty());
    any_difference(&pool, c, |_, _| true)
}

/// The numbers the answer states besides `item` that may be operands of `c`: no date parts,
/// the same currency, a unit `unit_ok` accepts; at most [`MAX_ANSWER_OPERANDS`].
fn stated_operands(
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
pub(super) fn nearest<'a>(
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
fn any_difference(pool: &[f64], c: &ClaimNumber, pair_ok: impl Fn(f64, f64) -> bool) -> bool {
    pool.iter().enumerate().any(|(i, &a)| {
        pool[i + 1..]
            .iter()
            .any(|&b| pair_ok(a, b) && matches_value(c, (a - b).abs()))
    })
}

/// Every value `c` could round to or approximate lies in this window (with a sliver of slack
/// for floating point): computed-value indexes are searched only there, and each candidate is
/// then checked exactly with [`matches_value`].
fn rounding_window(c: &ClaimNumber) -> (f64, f64) {
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
fn answer_arithmetic(item: &Item, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
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

/// A claim number computed from the evidence or from the answer's own numbers (see
/// [`calc`]): two-value arithmetic, subset sums of a field, sums of the answer's own parts,
/// durations between dates.
pub(super) fn derived_value(
    ev: &Evidence,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    // Computed values (see [`calc`]): two-value arithmetic, subset sums of a
    // field, sums of the answer's own parts, durations between dates.
    // Values the evidence states first, then those computed from its arrays (totals, means,
    // the rest of a column): the pairwise search takes the first `max_derived` of them, and
    // the aggregates of one long result must not crowd out the values of the others.
    let stated = |n: &&(f64, usize, usize, usize, bool)| n.3 > n.2;
    let vals: Vec<f64> = ev
        .numbers
        .iter()
        .filter(stated)
        .chain(ev.numbers.iter().filter(|n| !stated(n)))
        .map(|n| n.0)
        .collect();
    let relaxed = ClaimNumber {
        approx: true,
        ..c.clone()
    };
    // Products and ratios only for values precise enough that a coincidence is
    // unlikely (a decimal price, a value of 100 or more).
    let scaling = c.decimals > 0 || c.value * c.magnitude >= 100.0;
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
        ev.derived_scaling
            .get_or_init(|| calc::DerivedIndex::pairs(&vals, ev.max_derived, true))
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
    if super::measures::dimensional_product(item, c, facts) {
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
const MAX_WEIGHTED_FIELDS: usize = 4;
const MAX_WEIGHTS: usize = 2;

/// A weighted sum of one record's numeric fields, each counted in full, at a percent the answer
/// states, or not at all ("new words in full, fuzzy matches at 50% and repetitions at 25%:
/// 7,450 weighted words" for `words_new` 6,200, `words_fuzzy` 1,800, `words_repeat` 1,400). At
/// least one field is weighed at a percent (plain sums are subset sums); records of at most
/// [`MAX_WEIGHTED_FIELDS`] numeric fields, at most [`MAX_WEIGHTS`] percents: at most 4⁴ sums a
/// record, computed once per answer ([`calc::DerivedIndex::weighted_sums`]). Only precise values
/// (the caller's rule).
fn weighted_record_sum(ev: &Evidence, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
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
const MAX_PRICE_TERMS: usize = 256;

/// A bill computed in steps from what the answer states: a quantity times a price the answer
/// names ("18 seats at £24.00"), or a sum of amounts it lists; plus the sum of some values of
/// one evidence field (the add-ons it only names: "plus 2 add-ons"); then a percent the answer
/// states taken of it, off it or on it ("minus your 20% discount" → £665.60, "20% partner
/// discount: −£526.40"). The operands are the answer's own numbers, each checked on its own,
/// so the search stays small: a hallucinated total is still one no such step reaches.
fn priced_total(ev: &Evidence, item: &Item, c: &ClaimNumber, facts: &AnswerFacts) -> bool {
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

/// A small count written as a word ("four together", "two add-ons").
pub(super) fn number_word(w: &str) -> Option<u32> {
    super::spoken::small(&w.to_ascii_lowercase())
        .filter(|v| (1..=12).contains(v))
        .map(|v| v as u32)
}

/// Signed value of a claim number (a `-` or `−` right before it makes it negative).
pub(super) fn signed_value(answer: &str, item: &Item, n: &ClaimNumber) -> f64 {
    let before = answer[..item.start].chars().next_back();
    let v = n.value * n.magnitude;
    if matches!(before, Some('-') | Some('−'))
        && answer[..item.start]
            .chars()
            .rev()
            .nth(1)
            .is_none_or(|c| c.is_whitespace() || c == '(')
    {
        -v
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use crate::report::ClaimStatus;
    use crate::stage2::test_support::{score, RESULT};

    /// One percent test for every rule that asks (the field a noun names, percent changes):
    /// "%" or "percent" in any case; other units are not percents.
    #[test]
    fn percent_is_the_sign_or_the_word_in_any_case() {
        let n = |unit: &str| super::ClaimNumber {
            value: 12.0,
            decimals: 0,
            approx: false,
            unit: unit.into(),
            magnitude: 1.0,
            noun: None,
            noun_before: None,
            currency: String::new(),
        };
        for u in ["%", "percent", "Percent", "PERCENT"] {
            assert!(n(u).is_percent(), "{u}");
        }
        for u in ["", "min", "points", "kg", "per"] {
            assert!(!n(u).is_percent(), "{u}");
        }
    }

    #[test]
    fn paraphrase_rounding_and_dates_are_supported() {
        let c = score(RESULT, "Sure! Order ORD-1001 shipped with UPS. The total was $129.50 and it arrives on March 4 around 2:00 PM. About 1.2 million people live there.");
        assert!(
            c.iter().all(|c| c.status == ClaimStatus::Supported),
            "{c:#?}"
        );
        assert!(c
            .iter()
            .any(|c| !c.evidence_spans.is_empty() && c.evidence_spans[0].tool_call_id == "call_1"));
    }
}
