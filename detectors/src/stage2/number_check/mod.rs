//! The check of one claim number against the evidence ([`DeterministicScorer::check_number`]).
//!
//! The rules run in this order, each deciding or passing on:
//! 0. [`Claim::labeled_field`]: the one field a leading label names with all its words;
//! 1. [`Claim::framed`]: what the words around the number make of it — the last digits of an
//!    identifier, a percentile, a rank, the whole a part is counted of, a score's scale, a
//!    worked example's amount, a restatement in another unit;
//!    and a number the agent sent to a tool as the argument its noun names
//!    ([`Claim::requested`]);
//! 2. [`Claim::counted`]: a count of the records holding a value the words after it name, or
//!    of the distinct days a list's records are dated;
//! 3. [`Claim::dated`]: days from a date the answer states, a weekday's day of the month;
//! 4. [`Claim::listed`]: a number the evidence's documents write with its noun, the length of
//!    a list its noun names, a count of records dated on a weekday;
//! 5. [`Claim::bound_elsewhere`]: a value of another record than the one the claim names
//!    (see [`records`]) — a conflict;
//! 6. [`Claim::by_field`]: the field a noun of the claim names (see [`fields`]);
//! 7. [`Claim::anywhere`]: years, literal matches and conversions, identifier digits,
//!    durations between times, computed values ([`super::numbers::derived_value`]), a period
//!    in a label, a count of things within the longest list.
//!
//! After them, arithmetic the answer writes out ([`super::written`]) and 24-hour times
//! written without a colon may still support a number no rule placed.

mod counting;
mod fields;
mod framing;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(super) use fields::names_field;

use super::calc;
use super::check::Outcome;
use super::dates;
use super::evidence::Evidence;
use super::items::{item_time_minutes, Item};
use super::numbers::{conversions, derived_value, matches_value, AnswerFacts, ClaimNumber};
use super::records;
use super::score::DeterministicScorer;
use super::states::sentence_around;
use super::terms::normalize_terms;
use super::written::{
    containers_needed, parenthetical_working, share_of_stated, worked_elsewhere, written_operand,
    written_result, written_result_conflict,
};

/// The evidence's citation of the time four plain digits read as ("1638" → 16:38).
fn hhmm_held(ev: &Evidence, item: &Item, c: &ClaimNumber) -> Option<(usize, usize, usize)> {
    // The item may hold the noun after the digits ("1800 close").
    let t = item.text.split(' ').next().unwrap_or("");
    if t.len() != 4 || !t.bytes().all(|b| b.is_ascii_digit()) || !c.currency.is_empty() {
        return None;
    }
    let mins = item_time_minutes(t)?;
    ev.times
        .iter()
        .find(|x| x.0 == mins)
        .map(|&(_, d, s, e)| (d, s, e))
}

/// How a number stands to the quotes for the request ([`Evidence::quotes`]).
enum Quoted {
    /// Neither a quote nor the difference of two.
    No,
    /// A quote of a record the claim names (any option's with none named), or the difference of
    /// two named records' quotes of one form in the direction the claim states.
    Yes,
    /// Only the difference of two named records' quotes, in the direction the claim reverses:
    /// "Harbor Shuttle Co works out $1 cheaper than Metro Black Car" where it costs $1 more.
    Reversed,
}

/// Comparatives after a stated difference: (words, the subject is the larger).
const DIFFERENCE_DIRECTIONS: &[(&str, bool)] = &[
    ("more expensive", true),
    ("pricier", true),
    ("dearer", true),
    ("more", true),
    ("higher", true),
    ("over", true),
    ("cheaper", false),
    ("less", false),
    ("lower", false),
    ("under", false),
];

/// Whether the number is a quote for the request ([`Evidence::quotes`]) of a record the claim
/// names, or the difference of two such records' quotes of one form — in the direction its
/// comparative states, the subject being the record named before the number and the other
/// after it; with no record named, any option's quote.
fn quoted(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    names: &records::Named,
) -> Quoted {
    let m = |v: f64| matches_value(c, v);
    if names.anchored.is_empty() {
        return if ev.quotes.iter().any(|q| m(q.value)) {
            Quoted::Yes
        } else {
            Quoted::No
        };
    }
    let own: Vec<_> = ev
        .quotes
        .iter()
        .filter(|q| names.anchored.contains(&q.record))
        .collect();
    if own.iter().any(|q| m(q.value)) {
        return Quoted::Yes;
    }
    // The comparative right after the number, and where each record is named.
    let after = answer[item.end..].trim_start().to_ascii_lowercase();
    let direction = DIFFERENCE_DIRECTIONS.iter().find(|(w, _)| {
        after
            .strip_prefix(w)
            .is_some_and(|r| !r.starts_with(|ch: char| ch.is_ascii_alphanumeric()))
    });
    let sentence_start = answer[..item.start]
        .rfind(['.', '\n', ';'])
        .map_or(0, |k| k + 1);
    let before = answer[sentence_start..item.start].to_lowercase();
    let named_before = |r: usize| {
        ev.records[r]
            .keys
            .iter()
            .filter(|k| k.chars().count() >= 3 && k.contains(char::is_alphabetic))
            .any(|k| before.contains(k.as_str()))
    };
    let mut found = Quoted::No;
    for (i, a) in own.iter().enumerate() {
        for b in &own[i + 1..] {
            if a.record == b.record || a.form != b.form || !m((a.value - b.value).abs()) {
                continue;
            }
            let Some(&(_, larger)) = direction else {
                return Quoted::Yes;
            };
            let (subject, other) = match (named_before(a.record), named_before(b.record)) {
                (true, false) => (a, b),
                (false, true) => (b, a),
                _ => return Quoted::Yes,
            };
            if (subject.value > other.value) == larger {
                return Quoted::Yes;
            }
            found = Quoted::Reversed;
        }
    }
    found
}

/// Nouns that number a document's parts before a section number ("section 3.1", "term 4.1"),
/// longest first where one starts another.
const PART_NOUNS: &[&str] = &[
    "section",
    "clause",
    "sec.",
    "paragraph",
    "para",
    "term",
    "condition",
    "part",
    "item",
    "point",
    "annex",
    "schedule",
    "exhibit",
];

/// The lines of the evidence's documents that open the numbered sections the sentence around
/// the item cites ("§2.3", "section 3.1", "term 4.1"), after their number.
fn cited_section_lines<'a>(ev: &'a Evidence, answer: &str, item: &Item) -> Vec<&'a str> {
    static CITE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let cite = CITE.get_or_init(|| {
        let nouns: Vec<String> = PART_NOUNS.iter().map(|n| regex::escape(n)).collect();
        regex::Regex::new(&format!(
            r"(?i)(?:§\s*|\b(?:{})\s+)(\d+(?:\.\d+)+)",
            nouns.join("|")
        ))
        .expect("section citation regex")
    });
    let sentence = super::states::whole_sentence_around(answer, item.start, item.end);
    let mut out = Vec::new();
    for m in cite.captures_iter(&sentence).take(4) {
        let section = m[1].to_owned();
        for doc in &ev.lower {
            for line in doc.lines() {
                let head = line.trim_start_matches(['#', ' ', '§']);
                if let Some(rest) = head.strip_prefix(section.as_str()) {
                    let ends = rest.starts_with([' ', ')', '\t'])
                        || rest.starts_with('.')
                            && !rest[1..].starts_with(|c: char| c.is_ascii_digit());
                    if ends && out.len() < 8 {
                        out.push(rest);
                    }
                }
            }
        }
    }
    out
}

/// The digits of a number item as written ("24" of "24 hours", "1,250.50" of "1,250.50").
fn written_digits(item: &Item) -> &str {
    let t = item.text.trim_start_matches(['$', '€', '£', '¥', '₹', '~']);
    let n = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    t[..n].trim_end_matches(['.', ','])
}

/// A number its sentence cites a numbered section for ("past the 10-day threshold in §2.3",
/// "visits need 5 business days' notice (section 3.1)"), when that section's line of an
/// evidence document writes the number: the threshold is the section's, whatever a record the
/// sentence also names holds. The number as written (its digits), a whole token of the line.
fn cited_section_holds(ev: &Evidence, answer: &str, item: &Item) -> bool {
    let digits = written_digits(item);
    !digits.is_empty()
        && cited_section_lines(ev, answer, item)
            .iter()
            .any(|rest| whole_token(rest, digits))
}

/// A number of a unit its sentence cites a numbered section for, where that section states
/// the same unit with other numbers only: "you can cancel free of charge up to 96 hours before
/// pickup (term 2.2)" beside "2.2 Bookings cancelled at least 24 hours before pickup are
/// refunded in full". The unit is the word after each number (its first three letters, so
/// "hour" is "hours"); a section stating no number of the unit decides nothing.
fn cited_section_conflict(ev: &Evidence, answer: &str, item: &Item, c: &ClaimNumber) -> bool {
    let unit = c.unit.to_ascii_lowercase();
    let stem: String = unit.chars().take(3).collect();
    let digits = written_digits(item);
    if stem.len() < 3 || !stem.chars().all(|ch| ch.is_ascii_alphabetic()) || digits.is_empty() {
        return false;
    }
    // The sentence's only number, its citation aside: a threshold cited beside the case's own
    // values ("97 days idle, over the 30 days of §2.3"; "down 312 minutes, more than the 240
    // that § 3.4 requires") is the section's, the others the case's.
    let sentence =
        super::states::whole_sentence_around(answer, item.start, item.end).to_ascii_lowercase();
    let b = sentence.as_bytes();
    let numbers = (0..b.len())
        .filter(|&i| {
            b[i].is_ascii_digit()
                && (i == 0
                    || !(b[i - 1].is_ascii_alphanumeric()
                        || matches!(b[i - 1], b'-' | b'.' | b',' | b':' | b'/')))
                && !sentence[..i].trim_end().ends_with('§')
                && !PART_NOUNS
                    .iter()
                    .any(|w| sentence[..i].trim_end().ends_with(w))
        })
        .count();
    if numbers != 1 {
        return false;
    }
    let lines = cited_section_lines(ev, answer, item);
    let mut stated = false;
    for rest in &lines {
        let b = rest.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if !b[i].is_ascii_digit()
                || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'))
            {
                i += 1;
                continue;
            }
            let st = i;
            while i < b.len()
                && (b[i].is_ascii_digit()
                    || matches!(b[i], b'.' | b',') && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            {
                i += 1;
            }
            let after = rest[i..].trim_start_matches([' ', '-']);
            if after.starts_with(stem.as_str()) {
                if &rest[st..i] == digits {
                    return false;
                }
                stated = true;
            }
        }
    }
    stated
}

/// Whether `token` stands in `text` as a whole number (not inside a longer one).
fn whole_token(text: &str, token: &str) -> bool {
    let b = text.as_bytes();
    text.match_indices(token).any(|(at, _)| {
        let end = at + token.len();
        (at == 0 || !(b[at - 1].is_ascii_digit() || b[at - 1] == b'.' || b[at - 1] == b','))
            && (end >= b.len()
                || !(b[end].is_ascii_digit()
                    || (b[end] == b'.' || b[end] == b',')
                        && b.get(end + 1).is_some_and(u8::is_ascii_digit)))
    })
}

/// A product or ratio of evidence values restated in the claim's unit, another size of the unit
/// a field's name gives ([`super::measures::field_unit_factors`]).
#[inline(never)]
fn unit_scaled(ev: &Evidence, answer: &str, item: &Item, c: &ClaimNumber) -> bool {
    let factors = super::measures::field_unit_factors(ev, answer, item, c);
    super::numbers::scaled_pair(ev, c, &factors)
}

impl DeterministicScorer {
    /// Check the number `c` of `item` (see the module docs).
    pub(super) fn check_number(
        &self,
        ev: &Evidence,
        answer: &str,
        item: &Item,
        c: &ClaimNumber,
        facts: &AnswerFacts,
        names: &records::Named,
    ) -> Outcome {
        // A share in parentheses after its part and whole ("€58.1K of the €63K budget (92%)").
        if let Some(ok) = share_of_stated(answer, item, c) {
            return if ok {
                Outcome::supported(None)
            } else {
                Outcome::contradicted()
            };
        }
        // A number of a unit that the section its sentence cites states with other numbers.
        if cited_section_conflict(ev, answer, item, c) {
            return Outcome::contradicted();
        }
        // A result the arithmetic written before it does not yield ("5 cyl × $25 = $50").
        if written_result_conflict(answer, item, c, facts) {
            return Outcome::contradicted();
        }
        let outcome = self.number_rules(ev, answer, item, c, facts, names);
        // What an option the claim names costs for the request ("10 × £41 + £35"), or the
        // difference of two such quotes ("£155 cheaper than Ace Lane School").
        // A difference in the direction the comparative reverses is wrong however the number
        // is otherwise found.
        match quoted(ev, answer, item, c, names) {
            Quoted::Yes if !outcome.supported => return Outcome::supported(None),
            Quoted::Reversed => return Outcome::contradicted(),
            _ => {}
        }
        // An operand of arithmetic the answer writes out, whose result it states: what the
        // result's own check says decides for it.
        if !outcome.supported && written_operand(answer, item, c, facts) {
            return Outcome::supported(None);
        }
        // How many containers or trips a quantity needs at a capacity its line states.
        if !outcome.supported && containers_needed(answer, item, c, facts) {
            return Outcome::supported(None);
        }
        // The result of arithmetic written out before it ("… x 21% / 365 = Rs. 140.91").
        if !outcome.supported && written_result(answer, item, c, facts) {
            return Outcome::supported(None);
        }
        // A result of the answer's own working stated elsewhere ("holds 751 pallets" beside
        // "607 opening + 504 − 360 = 751").
        if !outcome.supported && worked_elsewhere(answer, item, c) {
            return Outcome::supported(None);
        }
        // A number whose sentence cites the section that writes it ("the 10-day threshold in
        // §2.3").
        if !outcome.supported && cited_section_holds(ev, answer, item) {
            return Outcome::supported(None);
        }
        // A count its line states times a rate of the evidence ("| Held now | 1,775 | 79.88 |").
        if !outcome.supported && super::numbers::line_rate_product(ev, answer, item, c, facts) {
            return Outcome::supported(None);
        }
        // The result of working shown in parentheses after it ("$44.66 ($412K ÷ 9,224)").
        if !outcome.supported && parenthetical_working(answer, item, c) {
            return Outcome::supported(None);
        }
        // An approximate count that is a sum of money over a cost per unit its sentence states
        // ("the £4k cut is ~90 leads" at "a CPL of £44.53").
        if !outcome.supported && super::numbers::approx_quotient(answer, item, c, facts) {
            return Outcome::supported(None);
        }
        // How many records of a list lie beyond a threshold the claim states ("2 stores are
        // below the 85% watch line").
        if !outcome.supported && super::counts::threshold_count(answer, item, c, ev) {
            return Outcome::supported(None);
        }
        // A median or mean its sentence names of a field, or of a ratio of two fields, across
        // a list's records ("Median CPL: £68.37 across the 4 campaigns").
        if !outcome.supported && super::counts::statistic_of_ratios(answer, item, c, ev) {
            return Outcome::supported(None);
        }
        // How many values its sentence lists ("3 loads … screenings of 6.5%, 7.1%, 6.1%").
        if !outcome.supported && super::counts::enumerated_count(answer, item, c) {
            return Outcome::supported(None);
        }
        // A product or ratio of evidence values in another unit than a field's name gives
        // ("134,7 g per egg" of `feed_kg` over `eggs`).
        if !outcome.supported && unit_scaled(ev, answer, item, c) {
            return Outcome::supported(None);
        }
        // A 24-hour time written without a colon where nothing else marks it as one ("the 1800
        // close", "latest 1638"): four digits read as hours and minutes, when the evidence
        // holds that time.
        if !outcome.supported {
            if let Some(cite) = hhmm_held(ev, item, c) {
                return Outcome::supported(Some(cite));
            }
        }
        outcome
    }

    fn number_rules(
        &self,
        ev: &Evidence,
        answer: &str,
        item: &Item,
        c: &ClaimNumber,
        facts: &AnswerFacts,
        names: &records::Named,
    ) -> Outcome {
        let claim = Claim::new(ev, answer, item, c, facts, names);
        if let Some(outcome) = claim.labeled_field() {
            return outcome;
        }
        if let Some(outcome) = claim.framed() {
            return outcome;
        }
        if claim.requested() {
            return Outcome::supported(None);
        }
        let (outcome, names_held_value) = claim.counted();
        if let Some(outcome) = outcome.or_else(|| claim.dated()).or_else(|| claim.listed()) {
            return outcome;
        }
        if claim.bound_elsewhere() {
            return Outcome::contradicted();
        }
        claim
            .by_field()
            .unwrap_or_else(|| claim.anywhere(names_held_value))
    }
}

/// One claim number with what the rules read around it, computed once.
struct Claim<'a> {
    ev: &'a Evidence,
    answer: &'a str,
    item: &'a Item,
    c: &'a ClaimNumber,
    facts: &'a AnswerFacts,
    names: &'a records::Named,
    /// The answer before the number, lower-cased, trailing space trimmed.
    before: String,
    /// A whole number without unit or magnitude.
    whole: bool,
    /// A count: a whole number without unit or currency.
    count: bool,
    /// A count of things: a noun follows it ("4 visits"), and at least one.
    count_of_things: bool,
    /// The number's sentence, as written and normalized ([`normalize_terms`]).
    raw_sentence: String,
    sentence: String,
    /// The word after the number (and its counted noun).
    next: &'a str,
    /// "3 of the 6 required inspections": the word after the number may modify the noun
    /// that names the field ("required inspections" counts `inspections`).
    head: Option<String>,
}

impl<'a> Claim<'a> {
    fn new(
        ev: &'a Evidence,
        answer: &'a str,
        item: &'a Item,
        c: &'a ClaimNumber,
        facts: &'a AnswerFacts,
        names: &'a records::Named,
    ) -> Self {
        let before = answer[..item.start].trim_end().to_ascii_lowercase();
        let whole = c.value.fract() == 0.0 && c.magnitude == 1.0 && c.unit.is_empty();
        let count = whole && c.currency.is_empty();
        let count_of_things = count && c.noun.is_some() && c.value >= 1.0;
        let raw_sentence = sentence_around(answer, item.start, item.end);
        let sentence = normalize_terms(&raw_sentence);
        let next = answer[item.end..].split_whitespace().next().unwrap_or("");
        // The noun phrase goes on only into a word that follows it directly: not into a
        // parenthesis ("7 sites (week 20 → week 21 …)").
        let head = c
            .noun
            .as_ref()
            .filter(|_| next.starts_with(char::is_alphabetic))
            .map(|_| {
                next.trim_matches(|ch: char| !ch.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| w.len() >= 4 && w.chars().all(|ch| ch.is_ascii_alphabetic()));
        Self {
            ev,
            answer,
            item,
            c,
            facts,
            names,
            before,
            whole,
            count,
            count_of_things,
            raw_sentence,
            sentence,
            next,
            head,
        }
    }

    /// Days from a date the answer states; a weekday's day of the month (rule 3).
    fn dated(&self) -> Option<Outcome> {
        let (ev, answer, item, c) = (self.ev, self.answer, self.item, self.c);
        // Days between the two dates its sentence states ("between April 17, 2026 and
        // November 7, 2027 there are 569 days").
        let unit = match (&c.noun, c.unit.is_empty()) {
            (Some(noun), true) => noun.as_str(),
            _ => c.unit.as_str(),
        };
        if dates::days_between_stated_dates(answer, item, c.value * c.magnitude, unit).is_some() {
            return Some(Outcome::supported(None));
        }
        // Days counted from a date the answer states, to today ("March 7th (16 days
        // ago)").
        if let Some(ok) =
            dates::days_from_a_stated_date(ev, answer, item, c.value * c.magnitude, &c.unit)
        {
            return Some(if ok {
                Outcome::supported(None)
            } else {
                Outcome::contradicted()
            });
        }
        // A day reached by counting from today ("in 11 days"): a date of the evidence.
        if let Some(ok) = dates::days_from_today(ev, answer, item, c.value * c.magnitude, &c.unit) {
            return Some(if ok {
                Outcome::supported(None)
            } else {
                Outcome::contradicted()
            });
        }
        // A day of the month named by its weekday ("on Wednesday the 11th"): a date
        // of the evidence on that day and weekday.
        if let Some((day, wd)) = dates::weekday_ordinal(answer, item.start, item.end) {
            let held = ev.dates.iter().find(|x| {
                x.1 == day
                    && x.2
                        .is_none_or(|y| calc::weekday_of(calc::days_from_civil(y, x.0, x.1)) == wd)
            });
            return Some(match held {
                Some(&(_, _, _, d, s, e)) => Outcome::supported(Some((d, s, e))),
                None => Outcome {
                    supported: false,
                    contradicted: !ev.dates.is_empty(),
                    citation: None,
                },
            });
        }
        None
    }

    /// Anywhere in the evidence, or computed from it (rule 7); otherwise unsupported.
    fn anywhere(&self, names_held_value: bool) -> Outcome {
        let (ev, answer, item, c, facts) = (self.ev, self.answer, self.item, self.c, self.facts);
        let count_of_things = self.count_of_things;
        // A bare year ("2006") is supported by a date in that year ("September 2006").
        let year = c.unit.is_empty()
            && c.magnitude == 1.0
            && c.decimals == 0
            && c.value.fract() == 0.0
            && (1000.0..=2100.0).contains(&c.value)
            && !item.text.starts_with(|ch: char| !ch.is_ascii_digit());
        if year {
            let y = c.value as i32;
            if let Some(&(_, _, _, d, s, e)) = ev.dates.iter().find(|dt| dt.2 == Some(y)) {
                return Outcome::supported(Some((d, s, e)));
            }
        }
        for &(v, d, s, e, _) in &ev.numbers {
            if matches_value(c, v) || conversions(c, v) {
                return Outcome::supported((e > s).then_some((d, s, e)));
            }
        }
        // A long plain number may be a fragment of an identifier ("the card ending in
        // 7455506" for `credit_card_7455506`): the same digits in the evidence.
        let plain = c.unit.is_empty()
            && c.currency.is_empty()
            && c.magnitude == 1.0
            && item.text.len() >= 4
            && item.text.chars().all(|ch| ch.is_ascii_digit());
        if plain {
            if let Some(cite) = ev.find_digits(&item.text) {
                return Outcome::supported(Some(cite));
            }
        }
        // Durations computed from two times in the evidence ("runs 1 hour 30 minutes").
        let u = c.unit.to_ascii_lowercase();
        if u.starts_with("min") || u.starts_with('h') {
            let minutes = if u.starts_with('h') {
                c.value * c.magnitude * 60.0
            } else {
                c.value * c.magnitude
            };
            for a in &ev.times {
                for b in &ev.times {
                    if b.0 > a.0 && (f64::from(b.0 - a.0) - minutes).abs() < 0.5 {
                        return Outcome::supported(None);
                    }
                }
            }
            // From a time the sentence states before the duration to another it states or
            // a time of the evidence ("at 18:12, 53 min before your train" at 19:05).
            let start = super::states::whole_sentence_start(answer, item.start);
            let stated: Vec<u32> = super::items::re()
                .time
                .captures_iter(&answer[start..item.start])
                .filter_map(|t| super::items::time_minutes(&t))
                .take(8)
                .collect();
            let spans = stated.iter().any(|&a| {
                ev.times
                    .iter()
                    .map(|t| t.0)
                    .chain(stated.iter().copied())
                    .any(|b| (f64::from(a.abs_diff(b)) - minutes).abs() < 0.5)
            });
            if spans {
                return Outcome::supported(None);
            }
            // Across days: the time between two instants the evidence timestamps ("48 hours
            // 45 minutes ahead of the other", "about 32.5 hours out as of the last update"),
            // to the claim's precision in its own unit.
            let per_unit = if u.starts_with('h') { 60.0 } else { 1.0 };
            let between = ev.instants.iter().enumerate().any(|(k, a)| {
                ev.instants[k + 1..]
                    .iter()
                    .any(|b| matches_value(c, (a - b).abs() as f64 / per_unit))
            });
            if between {
                return Outcome::supported(None);
            }
        }
        if derived_value(ev, item, c, facts)
            || super::numbers::period_restated(answer, item, c, facts)
        {
            return Outcome::supported(None);
        }
        // A period in a leading label ("Lots expiring within 60 days: none", "Cheapest over 3
        // months: …") is the scope the answer chose for what follows, not a value it reports;
        // a field the label names still judged it above.
        let period = matches!(
            u.trim_end_matches('s'),
            "day" | "week" | "month" | "year" | "hour"
        );
        if period {
            let start = super::states::whole_sentence_start(answer, item.start);
            let in_label = super::claim_type::label_span(&answer[start..])
                .is_some_and(|(_, end)| item.end <= start + end);
            if in_label {
                return Outcome::supported(None);
            }
        }
        // A count of things ("4 items checked out", "used 1 class credit") that no field
        // names and no value of the records fits: which records it counts — a filter, a
        // weekday, an event the agent inferred — is not known, so it is not judged, as long
        // as the evidence has a list that long. A count beyond every list is no count of
        // them; a count of the records holding a value ("11 available" of 10 variants
        // `available: true`) is wrong.
        if count_of_things && !names_held_value {
            let longest = ev.value_counts().longest_list();
            if c.value as usize <= longest {
                return Outcome::supported(None);
            }
        }
        // Nothing placed it: no value, no field its words name, no computation gives it. That
        // is not a conflict with a value the claim is bound to (`number_conflict`): it is
        // reported as `number_not_in_evidence`, the finding a reader weighs differently. A
        // count of the records holding a value its words name is bound to that count.
        Outcome {
            supported: false,
            contradicted: names_held_value,
            citation: None,
        }
    }
}
