//! The check of one claim number against the evidence ([`DeterministicScorer::check_number`]):
//! the last digits of an identifier, counts of records holding a value, days from a stated
//! date, a weekday's day of the month, the record the claim names, the field a noun names,
//! years, literal matches and conversions, durations between times, and computed values
//! ([`super::numbers::derived_value`]).

use super::calc;
use super::check::Outcome;
use super::counts::{compound_head, counted_subset, distinct_days_counted, named_weekday};
use super::dates;
use super::evidence::Evidence;
use super::items::{item_time_minutes, Item};
use super::numbers::{
    conversions, derived_value, difference_with_field, matches_value, ordinal_of_period,
    stated_difference, AnswerFacts, ClaimNumber,
};
use super::premises::example_premise;
use super::records;
use super::score::DeterministicScorer;
use super::states::sentence_around;
use super::terms::{contains_terms, normalize_terms};
use super::written::{containers_needed, written_operand, written_result};

/// Words of a field name that say "how many", not "of what" (`comment_count`, `num_items`,
/// `total_amount`), and abbreviations of units and currencies (`humidity_pct`, `amount_usd`).
const COUNT_WORDS: &[&str] = &[
    "count", "num", "number", "total", "n", "no", "of", "the", "avg", "amt", "qty", "cnt", "pct",
    "percent", "usd", "eur", "gbp", "jpy", "c", "f", "k", "g", "kg", "lb", "lbs", "km", "m", "mi",
    "cm", "mm", "ft", "s", "ms", "sec", "secs", "min", "mins", "h", "hr", "hrs", "d", "kb", "mb",
    "gb", "tb", "mph", "kph", "kmh",
];

/// Whether the (lower-cased) text just before a number names it a statistic over records
/// ("the depot average of about 120,000 km", "a median of", "combined"): no record holds it,
/// so record binding does not judge it; the calculator does. Not "total": a record's own field
/// is often called so ("order #W1's total is $129.50" is that order's).
fn statistic_of_records(before: &str) -> bool {
    const STATISTICS: &[&str] = &[
        "average",
        "averages",
        "mean",
        "median",
        "combined",
        "overall",
        "typical",
        "typically",
        "altogether",
    ];
    // Within the number's own clause, not the line before.
    let clause = before
        .rsplit(['\n', ';', '.', ':', '—', '(', ')', '=', '+'])
        .next()
        .unwrap_or("");
    clause
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .rev()
        .take(4)
        .any(|w| STATISTICS.contains(&w))
}

/// Whether the (lower-cased) text before a number makes it the amount of a change: "by" after a
/// verb or adverb of change ("has dropped by", "went up by", "increased by").
fn change_amount(before: &str) -> bool {
    const CHANGE: &[&str] = &[
        "rose",
        "risen",
        "fell",
        "fallen",
        "dropped",
        "increased",
        "decreased",
        "grew",
        "grown",
        "declined",
        "climbed",
        "jumped",
        "slipped",
        "improved",
        "reduced",
        "shrank",
        "shrunk",
        "gained",
        "lost",
        "up",
        "down",
        "higher",
        "lower",
        "more",
        "less",
        "changed",
        "moved",
    ];
    let Some(rest) = before.trim_end().strip_suffix(" by") else {
        return false;
    };
    rest.split_whitespace()
        .rev()
        .take(2)
        .any(|w| CHANGE.contains(&w))
}

/// Whether the (lower-cased) text before a number opens its line or sentence with a noun of
/// difference ("Gap to 1st (Kick Assets): 3 pts", "Lead over 2nd: 2 pts", "Difference: $40"):
/// the number is the distance between two values, which no one record holds.
fn difference_label(before: &str) -> bool {
    const DIFFERENCE: &[&str] = &[
        "gap",
        "lead",
        "margin",
        "difference",
        "shortfall",
        "deficit",
    ];
    let line = before
        .rsplit(['\n', '.', ';', '|', '\u{2014}'])
        .next()
        .unwrap_or(before)
        .trim_start_matches(|ch: char| ch.is_whitespace() || "*->•#[](".contains(ch));
    let first = line
        .split(|ch: char| !ch.is_alphanumeric())
        .next()
        .unwrap_or("");
    DIFFERENCE.contains(&first) && line.contains(':')
}

/// Whether the text before a number introduces the last digits of an identifier.
fn last_digits_frame(before: &str) -> bool {
    let b = before
        .trim_end()
        .trim_end_matches([':', '*', '`'])
        .trim_end()
        .to_ascii_lowercase();
    [
        "ending in",
        "ending with",
        "ending",
        "ends in",
        "ends with",
        "last four digits",
        "last 4 digits",
        "last four",
        "last 4",
        "last digits",
    ]
    .iter()
    .any(|w| {
        b.ends_with(w)
            && b[..b.len() - w.len()]
                .chars()
                .next_back()
                .is_none_or(|ch| !ch.is_alphanumeric())
    })
}

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

/// The kind of quantity a JSON field's name or a claim's unit says: money, a percent, a
/// duration, or unknown (`None`).
fn quantity_kind(words: &str) -> Option<u8> {
    let words = normalize_terms(words);
    let has = |list: &[&str]| words.split(' ').any(|w| list.contains(&w));
    if has(&[
        "usd", "aud", "eur", "gbp", "cad", "nzd", "jpy", "price", "cost", "fee", "amount",
    ]) {
        Some(0)
    } else if has(&["pct", "percent", "%"]) {
        Some(1)
    } else if has(&[
        "day", "days", "hour", "hours", "hr", "hrs", "minute", "minutes", "min", "mins", "week",
        "weeks", "month", "months", "year", "years",
    ]) {
        Some(2)
    } else {
        None
    }
}

/// Whether the claim number may be a value of the field `key`: not when both say what kind of
/// quantity they are and the kinds differ.
fn same_kind(c: &ClaimNumber, key: &str) -> bool {
    let claim = if !c.currency.is_empty() {
        Some(0)
    } else if c.is_percent() {
        Some(1)
    } else {
        quantity_kind(&c.unit)
    };
    match (claim, quantity_kind(key)) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

/// Whether the text before a number ends "<number> of" (with "your", "the" or "my" between):
/// the number is the whole a part is counted of.
fn part_of_whole(before: &str) -> bool {
    let b = before.trim_end();
    let b = ["your", "the", "my", "our", "all"]
        .iter()
        .find_map(|w| {
            b.strip_suffix(w)
                .filter(|r| r.ends_with(' '))
                .map(str::trim_end)
        })
        .unwrap_or(b);
    b.strip_suffix(" of")
        .and_then(|r| r.trim_end().rsplit([' ', '(', '*']).next())
        .is_some_and(|w| !w.is_empty() && w.bytes().all(|c| c.is_ascii_digit()))
}

/// Whether a quantity named by `noun` in a claim (its `sentence`, normalized) names the JSON
/// field `key`: the noun is a word of the field, and every other word of the field is in the
/// sentence, or says how many or in what unit ([`COUNT_WORDS`]: `count`, `pct`, `usd`). "15
/// comments" names `comments` and `comment_count`, "Humidity is at 40%" names `humidity_pct`;
/// "the doc lists 3 items" does not name `action_items` (nothing in the claim says "action"),
/// so that field's value cannot contradict it.
pub(super) fn names_field(key: &str, noun: &str, sentence: &str) -> bool {
    let noun = normalize_terms(noun);
    let words = normalize_terms(key);
    let words: Vec<&str> = words.split(' ').filter(|w| !w.is_empty()).collect();
    // Two currencies make an exchange rate (`eur_gbp_rate`), not the unit of an amount: each
    // must then be named.
    const CURRENCIES: &[&str] = &["usd", "eur", "gbp", "jpy"];
    let rate = words.iter().filter(|w| CURRENCIES.contains(w)).count() > 1;
    words.contains(&noun.as_str())
        && words.iter().all(|w| {
            *w == noun
                || COUNT_WORDS.contains(w) && !(rate && CURRENCIES.contains(w))
                || contains_terms(sentence, w)
        })
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
        let outcome = self.number_rules(ev, answer, item, c, facts, names);
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
        // How many values its sentence lists ("3 loads … screenings of 6.5%, 7.1%, 6.1%").
        if !outcome.supported && super::counts::enumerated_count(answer, item, c) {
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
        // The last digits of a card, account or phone number ("ending in 3692", "last
        // four digits 3692") are part of an identifier, not a quantity: the evidence
        // must end a number with them; no arithmetic can make them.
        if last_digits_frame(&answer[..item.start])
            && (2..=6).contains(&item.text.len())
            && item.text.chars().all(|ch| ch.is_ascii_digit())
        {
            return match ev.find_digit_suffix(&item.text) {
                Some(cite) => Outcome::supported(Some(cite)),
                None => Outcome::contradicted(),
            };
        }
        // A percentile by its ordinal ("95th-percentile CPU") is the statistic the evidence
        // names `p95` (`cpu_p95_pct`) or writes out.
        if let Some(n) = percentile_ordinal(&answer[item.start..]) {
            let glued = |ch: Option<char>| ch.is_some_and(|ch| ch.is_ascii_alphanumeric());
            let named = ev
                .occurrences(&format!("p{n}"))
                .any(|o| !glued(o.before(0)) && !o.after(0).is_some_and(|ch| ch.is_ascii_digit()))
                || ev.find_text(&format!("{n}th percentile")).is_some();
            return if named {
                Outcome::supported(None)
            } else {
                Outcome::contradicted()
            };
        }
        // A rank ("2nd of 6", "Gap to 1st"): a position in a list of the evidence, not a
        // quantity any record holds. Supported within the longest list's length (which list
        // orders what is not known); beyond it, it may be a day of the month ("the 29th"),
        // left to the other checks.
        if ordinal_suffix(&answer[item.end..])
            && item.text.chars().all(|ch| ch.is_ascii_digit())
            && (1..=ev.value_counts().longest_list()).contains(&(c.value as usize))
        {
            return Outcome::supported(None);
        }
        // The whole a rank is of ("2nd of 6"): the length of a list.
        if answer[..item.start]
            .trim_end()
            .strip_suffix(" of")
            .and_then(|b| b.rsplit(char::is_whitespace).next())
            .is_some_and(|w| {
                let digits = w.trim_end_matches(|ch: char| ch.is_ascii_alphabetic());
                !digits.is_empty()
                    && digits.chars().all(|ch| ch.is_ascii_digit())
                    && ordinal_suffix(&w[digits.len()..])
            })
            && c.noun.is_none()
            && c.unit.is_empty()
            && c.currency.is_empty()
        {
            let n = c.value as usize;
            if ev.list_lengths.iter().any(|(_, len)| *len == n) {
                return Outcome::supported(None);
            }
        }
        // The whole a part is counted of ("15 of 42 used", "1 load of your 4"): the words after
        // it are the part's ("used" is what the 15 are), so it is matched as the value it is,
        // with no noun: a value the evidence states or the length of a list.
        // A noun that names a list ("1 of 4 tasks") makes it a count of that list, judged
        // below.
        if part_of_whole(&answer[..item.start]) && c.currency.is_empty() {
            let n = c.value * c.magnitude;
            let sentence = normalize_terms(&sentence_around(answer, item.start, item.end));
            let counts_a_list = c.noun.as_ref().is_some_and(|noun| {
                ev.list_lengths
                    .iter()
                    .any(|(k, _)| names_field(k, noun, &sentence))
            });
            if !counts_a_list {
                if let Some(&(_, d, s, e, _)) = ev.numbers.iter().find(|x| x.0 == n) {
                    return Outcome::supported(Some((d, s, e)));
                }
                if ev.list_lengths.iter().any(|(_, len)| *len as f64 == n) {
                    return Outcome::supported(None);
                }
            }
        }
        // The scale of a score ("44/100", "4 out of 5"): a denominator of ten, a hundred or
        // five is the scale's, not a quantity of the evidence.
        let before = answer[..item.start].trim_end().to_ascii_lowercase();
        let scale = [5.0, 10.0, 100.0, 1000.0].contains(&(c.value * c.magnitude));
        if scale
            && (before.ends_with("out of")
                || before.ends_with('/')
                    && before[..before.len() - 1].ends_with(|ch: char| ch.is_ascii_digit()))
        {
            return Outcome::supported(None);
        }
        // The amount of a worked example ("For example, withdrawing $300 would cost $5.50"):
        // the first number of a sentence that opens with "for example" / "for instance" is
        // the example's own; what it yields is checked.
        let opening = answer[super::states::whole_sentence_start(answer, item.start)..item.start]
            .trim_start()
            .to_ascii_lowercase();
        if (opening.starts_with("for example") || opening.starts_with("for instance"))
            && !opening.contains(|ch: char| ch.is_ascii_digit())
        {
            return Outcome::supported(None);
        }
        // A value of a worked example's condition ("In practice: if you withdraw $300 on a
        // Sunday, …") is the example's own.
        if example_premise(answer, item.start)
            .is_some_and(|(ps, pe)| ps <= item.start && item.end <= pe)
        {
            return Outcome::supported(None);
        }
        // "56,000 m³ (56 megalitres)": the same quantity in another unit.
        if super::measures::restated(answer, item, c, facts)
            || super::measures::compound_restated(answer, item, c, facts)
        {
            return Outcome::supported(None);
        }
        if ordinal_of_period(ev, answer, item, c) {
            return Outcome::supported(None);
        }
        // A count of the records holding the value the words after it name ("4 in
        // service, 1 in the shop": `"status": "in_service"` on four vehicles) is that
        // count, or wrong.
        // The lower bound of a range ("5-7 business days", "3 to 4 weeks") counts nothing
        // itself: the words after it belong to the range. Nor does the whole of "1 of 3 tasks
        // complete": its counted noun names the list.
        let whole = c.value.fract() == 0.0 && c.magnitude == 1.0 && c.unit.is_empty();
        // A count: a whole number without unit or currency; of things when a noun follows it
        // ("4 visits"), and at least one.
        let count = whole && c.currency.is_empty();
        let count_of_things = count && c.noun.is_some() && c.value >= 1.0;
        let of_total = before
            .strip_suffix(" of")
            .is_some_and(|b| b.trim_end().ends_with(|ch: char| ch.is_ascii_digit()));
        // Whether the words of a count name a value some records hold: the count is then of
        // those records, right or wrong.
        let mut names_held_value = false;
        if count && !range_continues(&answer[item.end..]) && !of_total {
            let rest: Vec<&str> = answer[item.end..]
                .split([',', ';', '.', ')', '(', ':', '\n', '—'])
                .next()
                .unwrap_or("")
                .split_whitespace()
                .take(4)
                .collect();
            let holding = |words: &[&str]| {
                (1..=words.len())
                    .rev()
                    .map(|n| ev.value_counts().holding(&words[..n].join(" ")))
                    .find(|counts| !counts.is_empty())
            };
            // The item covers its counted noun ("2 open deferrals"): the value's words may
            // start there. Which list holds them is not known ("4 graded classes" where
            // assignments are `graded`), so such a count only supports.
            if let Some(noun) = &c.noun {
                let with_noun: Vec<&str> = std::iter::once(noun.as_str())
                    .chain(rest.iter().copied())
                    .take(4)
                    .collect();
                if let Some(counts) = holding(&with_noun) {
                    if counts.iter().any(|&(h, _)| h == c.value as usize) {
                        return Outcome::supported(None);
                    }
                    names_held_value = true;
                }
            }
            // The longest run of words after it that names a value some records hold decides.
            let counts = holding(&rest);
            if let Some(counts) = counts {
                names_held_value = true;
                let n = c.value as usize;
                if counts.iter().any(|&(holding, _)| holding == n) {
                    return Outcome::supported(None);
                }
                // No more than a list holds: a count of it, and a wrong one.
                if counts.iter().any(|&(_, len)| n <= len) {
                    return Outcome::contradicted();
                }
            }
        }
        // "on 5 different days": the number of distinct days a list's records are dated,
        // not a field named `days`.
        if whole && distinct_days_counted(c.noun.as_deref(), &answer[item.end..]) {
            let counts = ev.value_counts();
            match counts.distinct_days(c.value as usize) {
                Some(true) => return Outcome::supported(None),
                Some(false) => return Outcome::contradicted(),
                None => {}
            }
        }
        // Days counted from a date the answer states, to today ("March 7th (16 days
        // ago)").
        if let Some(ok) =
            dates::days_from_a_stated_date(ev, answer, item, c.value * c.magnitude, &c.unit)
        {
            return if ok {
                Outcome::supported(None)
            } else {
                Outcome::contradicted()
            };
        }
        // A day of the month named by its weekday ("on Wednesday the 11th"): a date
        // of the evidence on that day and weekday.
        if let Some((day, wd)) = dates::weekday_ordinal(answer, item.start, item.end) {
            let held = ev.dates.iter().find(|x| {
                x.1 == day
                    && x.2
                        .is_none_or(|y| calc::weekday_of(calc::days_from_civil(y, x.0, x.1)) == wd)
            });
            return match held {
                Some(&(_, _, _, d, s, e)) => Outcome::supported(Some((d, s, e))),
                None => Outcome {
                    supported: false,
                    contradicted: !ev.dates.is_empty(),
                    citation: None,
                },
            };
        }
        // The number with its counted noun written in an evidence document ("a letter home at
        // 6 unexcused absences" in a handbook): a quantity the text states, whatever a field
        // of that name or another record holds (the user's own "I use roughly 22 desk days").
        // In a compound ("24 desk days") the head counts: "about 24 days a month" states it.
        if let (Some(_), Some((number, _))) = (&c.noun, item.text.rsplit_once(' ')) {
            let head = compound_head(c.noun.as_deref(), &answer[item.end..]);
            let phrases = std::iter::once(item.text.to_lowercase())
                .chain(head.map(|h| format!("{} {h}", number.to_lowercase())));
            for phrase in phrases {
                if let Some(cite) = ev.find_text(&phrase) {
                    return Outcome::supported(Some(cite));
                }
            }
        }
        let raw_sentence = sentence_around(answer, item.start, item.end);
        let sentence = normalize_terms(&raw_sentence);
        // The word after the number (and its counted noun).
        let next = answer[item.end..].split_whitespace().next().unwrap_or("");
        // "3 of the 6 required inspections": the word after the number may modify the noun
        // that names the field ("required inspections" counts `inspections`).
        let head = c
            .noun
            .as_ref()
            .map(|_| {
                next.trim_matches(|ch: char| !ch.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| w.len() >= 4 && w.chars().all(|ch| ch.is_ascii_alphabetic()));
        // The length of a list the counted noun (or the noun it modifies) names: "1 of the 2
        // required inspections" counts the `inspections` array, whichever of its records the
        // claim also names.
        if count {
            let n = c.value as usize;
            let counts_list = c.noun.iter().chain(head.iter()).any(|noun| {
                noun.len() >= 4
                    && ev
                        .list_lengths
                        .iter()
                        .any(|(k, len)| *len == n && names_field(k, noun, &sentence))
            });
            if counts_list {
                return Outcome::supported(None);
            }
        }
        // A count of the records dated on the one weekday the sentence names ("Mondays are
        // your busiest day, with 4 visits"): the calculator counts them per list.
        if count_of_things {
            if let Some(wd) = named_weekday(&raw_sentence) {
                if ev.value_counts().on_weekday(wd, c.value as usize) {
                    return Outcome::supported(None);
                }
            }
        }
        // A value that belongs to another record than the one the claim names is
        // contradicted (see [`records`]); the other checks below only support.
        // (Not the amount of a change — "dropped by 3.5 points", "is up by $12": a difference,
        // which no record holds.)
        let direct = |n: f64| matches_value(c, n) || conversions(c, n);
        if !change_amount(&before)
            && !difference_label(&before)
            && !statistic_of_records(&before)
            && records::bind(&ev.records, names, c.value * c.magnitude, direct)
                == records::Binding::Conflict
            // A duration or a percent held elsewhere only in fields of another kind of
            // quantity ("38 days" against a sibling's `total_aud` 38.0) is no conflict.
            && (!c.currency.is_empty() || records::bind_by(
                &ev.records,
                names,
                true,
                |r| {
                    r.numbers.iter().any(|&n| direct(n))
                        && !r
                            .fields
                            .iter()
                            .any(|(k, n)| direct(*n) && !same_kind(c, k))
                },
                |_| true,
            ) == records::Binding::Conflict)
        {
            return Outcome::contradicted();
        }
        // A counted noun names the field: "15 comments" must match a `comments` field
        // (or the length of a `comments` array) when the evidence has one.
        // A noun names the field: "15 comments" must match a `comments` field (or
        // the length of a `comments` array), "Humidity is at 40%" a `humidity` one,
        // when the evidence has one.
        // A percent and an amount are different quantities: "Limit: 20% of your
        // dwelling limit" is not judged by a `dwelling_limit` of $420,000.
        let percent = c.is_percent();
        let percent_field = |k: &str| {
            ["pct", "percent", "rate", "ratio", "share"]
                .iter()
                .any(|w| k.contains(w))
        };
        // A field the sentence names by its words holds the value ("Your weekly goal is 2
        // visits" for `"weeklyGoal": 2` beside a `visitCount` of 20): the counted noun is
        // then the field's unit, not the field.
        if field_named_in_sentence_holds(ev, answer, item, c) {
            return Outcome::supported(None);
        }
        // "the other 4 recommendations" of a list of 5: a count of the list less the one or
        // two records the answer has already named.
        let other = before.ends_with(" other") || before.ends_with(" remaining");
        // "4 absences below the letter threshold": a distance between two numbers the answer
        // states (each checked on its own).
        let distance = {
            let next = next.to_ascii_lowercase();
            matches!(
                next.as_str(),
                "below"
                    | "under"
                    | "above"
                    | "over"
                    | "short"
                    | "shy"
                    | "away"
                    | "behind"
                    | "ahead"
            )
        };
        // What the fields a noun names say of the number: `None` when no field has that name.
        let judge = |noun: &String| -> Option<bool> {
            if noun.len() < 4 {
                return None;
            }
            let fields: Vec<&(String, f64)> = ev
                .keyed
                .iter()
                .filter(|(k, _)| names_field(k, noun, &sentence) && (!percent || percent_field(k)))
                .collect();
            let vals: Vec<f64> = fields.iter().map(|x| x.1).collect();
            if vals.is_empty() {
                return None;
            }
            // The named field holds it, or it is computed (a new price difference, not the
            // `price_difference` of an earlier exchange). Small whole numbers are too often a
            // coincidental difference of two evidence values: only precise values may be
            // computed from the evidence here; a small one only as the difference of two
            // numbers the answer states ("15 credits … 5 under the 20-credit cap").
            let precise = c.decimals > 0 || c.value * c.magnitude >= 100.0;
            // The field's total or mean across its records ("4 harsh events" over trips of 2,
            // 0 and 2): computed from the named field only, so no coincidence of unrelated
            // values. Each field on its own; two values make a pair, not a column (their sum
            // is searched only for precise numbers, like any pair).
            let mut keys: Vec<&str> = fields.iter().map(|x| x.0.as_str()).collect();
            keys.sort_unstable();
            keys.dedup();
            let aggregates = keys.iter().any(|key| {
                let col: Vec<f64> = fields
                    .iter()
                    .filter(|(k, _)| k == key)
                    .map(|x| x.1)
                    .collect();
                let total: f64 = col.iter().sum();
                (col.len() >= 3 || precise && col.len() == 2)
                    && [total, total / col.len() as f64]
                        .iter()
                        .any(|v| matches_value(c, *v))
            });
            let rest_of_list = other
                && vals
                    .iter()
                    .any(|v| (1.0..=2.0).contains(&(v - c.value * c.magnitude)));
            // A rate the field holds as a fraction (`"rate": 0.125`) is stated as a percent
            // ("12.5%").
            let as_percent = |v: f64| percent && v.abs() <= 1.0 && matches_value(c, v * 100.0);
            Some(
                vals.iter().any(|v| matches_value(c, *v) || as_percent(*v))
                    || aggregates
                    || rest_of_list
                    || (precise && derived_value(ev, item, c, facts))
                    || difference_with_field(item, c, facts, &vals)
                    || distance && stated_difference(item, c, facts)
                    || percent && percent_between(c, &fields)
                    || counted_subset(ev, item, c, facts, &vals)
                    || fields.iter().any(|(k, _)| key_states(k, c)),
            )
        };
        // The counted noun (or the noun it modifies) decides when a field has its name; the
        // noun before the number only when neither does.
        // A noun that modifies the next ("19 desk days") is not what is counted.
        let modifier = compound_head(c.noun.as_deref(), &answer[item.end..]).is_some();
        let mut conflict = false;
        for noun in c.noun.iter().filter(|_| !modifier).chain(head.iter()) {
            match judge(noun) {
                Some(true) => return Outcome::supported(None),
                Some(false) => conflict = true,
                None => {}
            }
        }
        if conflict {
            return Outcome::contradicted();
        }
        if let Some(ok) = c.noun_before.iter().find_map(judge) {
            return Outcome {
                supported: ok,
                contradicted: !ok,
                citation: None,
            };
        }
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

/// A percent the answer states as the difference of two values of the fields it names ("the
/// web rate is 10% below the standard rate": `web_rate` 41.4, `standard_rate` 46.0), relative
/// to either. Only values of two different named fields pair up, so few pairs and no
/// comparison of one field across records.
fn percent_between(c: &ClaimNumber, fields: &[&(String, f64)]) -> bool {
    const MAX_VALUES: usize = 40;
    let fields = &fields[..fields.len().min(MAX_VALUES)];
    fields.iter().any(|(kb, base)| {
        *base != 0.0
            && fields
                .iter()
                .any(|(k, v)| k != kb && matches_value(c, 100.0 * (v - base).abs() / base.abs()))
    })
}

/// Whether a field's name states the claim's number ("in the last 8 weeks" names
/// `randomized_last_8_weeks`, whose value is another quantity).
fn key_states(key: &str, c: &ClaimNumber) -> bool {
    c.decimals == 0
        && key
            .split(|ch: char| !ch.is_ascii_alphanumeric())
            .filter_map(|w| {
                w.trim_end_matches(|ch: char| ch.is_ascii_alphabetic())
                    .parse::<f64>()
                    .ok()
            })
            .any(|n| n == c.value * c.magnitude)
}

/// Whether `rest`, the text right after a number, is an ordinal suffix ("st", "nd", "rd",
/// "th") ending its word: "2nd", "21st".
fn ordinal_suffix(rest: &str) -> bool {
    ["st", "nd", "rd", "th"].iter().any(|s| {
        rest.get(..2).is_some_and(|r| r.eq_ignore_ascii_case(s))
            && !rest[2..].starts_with(|ch: char| ch.is_alphanumeric())
    })
}

/// Whether `rest`, the text right after a number, goes on to a range's upper bound ("-7",
/// "– 10", " to 12", "-$40").
fn range_continues(rest: &str) -> bool {
    let rest = rest.trim_start_matches(' ');
    let after = ["-", "–", "—", "to "]
        .iter()
        .find_map(|dash| rest.strip_prefix(dash));
    after.is_some_and(|a| {
        a.trim_start_matches(' ')
            .trim_start_matches(['$', '€', '£'])
            .starts_with(|ch: char| ch.is_ascii_digit())
    })
}

/// The number of a percentile written as an ordinal at the start of `text` ("95th-percentile",
/// "99th percentile").
fn percentile_ordinal(text: &str) -> Option<&str> {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = text[digits..].to_ascii_lowercase();
    let suffix = ["th", "st", "nd", "rd"]
        .iter()
        .find(|s| rest.starts_with(*s))?;
    let rest = &rest[suffix.len()..];
    (digits > 0 && (rest.starts_with("-percentile") || rest.starts_with(" percentile")))
        .then(|| &text[..digits])
}

/// Whether a numeric field whose name is two or three consecutive words of the claim's
/// sentence ("weekly goal" → `weeklyGoal` / `weekly_goal`) holds the claim's value.
fn field_named_in_sentence_holds(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
) -> bool {
    let sentence = super::states::whole_sentence_around(answer, item.start, item.end);
    let words: Vec<&str> = sentence
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| w.len() > 1 && !w.chars().all(|ch| ch.is_ascii_digit()))
        .collect();
    let mut names: Vec<String> = Vec::new();
    for n in 2..=3 {
        for w in words.windows(n) {
            names.push(w.concat());
        }
    }
    ev.keyed.iter().any(|(k, v)| {
        let key: String = k.chars().filter(|ch| ch.is_alphanumeric()).collect();
        names.contains(&key) && matches_value(c, *v)
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{all_supported, score};
    use crate::report::{ClaimStatus, FlagKind};

    #[test]
    fn a_camel_case_field_is_named_by_its_words() {
        // `reservePct` is named by "reserve" like `reserve_pct`: the 98 of another field
        // (`stateOfHealthPct`) is not the reserve.
        let battery = r#"{"stateOfChargePct":24,"reservePct":20,"health":{"stateOfHealthPct":98}}"#;
        assert!(all_supported(battery, "**Backup reserve:** 20%"));
        let bad = score(battery, "**Backup reserve:** 98%");
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[0].flagged_spans[0].kind, FlagKind::NumberConflict);
    }

    #[test]
    fn a_camel_case_identifier_field_names_its_record() {
        // `orderNumber` identifies its record like `order_number`: the total of another order
        // is no total of order 58213.
        let accounts =
            r#"{"orders":[{"orderNumber":58213,"total":42.0},{"orderNumber":77120,"total":19.5}]}"#;
        assert!(all_supported(accounts, "Order 58213 came to $42.00."));
        let bad = score(accounts, "Order 58213 came to $19.50.");
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn a_rate_held_as_a_fraction_is_stated_as_a_percent() {
        let loan = r#"{"rate":0.125,"term_months":36}"#;
        assert!(all_supported(loan, "The rate is 12.5%."));
        let bad = score(loan, "The rate is 15%.");
        assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
    }

    #[test]
    fn a_time_zone_abbreviation_is_no_name() {
        let ev = r#"{"start":"2026-03-04T14:00:00-05:00","host":"Dana Ruiz"}"#;
        assert!(all_supported(
            ev,
            "It starts at 2:00 PM ET on March 4 with Dana Ruiz."
        ));
        assert!(!all_supported(
            ev,
            "It starts at 2:00 PM ET with Dana Cruz."
        ));
    }

    #[test]
    fn terse_console_formats() {
        // "7:45p" is a time, not a reference; a wrong one is still a wrong time.
        let game = r#"{"kickoff":"19:45","visit":"2026-03-17"}"#;
        assert!(all_supported(game, "Next game at 7:45p."));
        assert!(!all_supported(game, "Next game at 8:45p."));
        // A month/day a weekday names is a date; "3/4 of" stays a fraction.
        assert!(all_supported(game, "Next visit Tue 3/17."));
        assert!(!all_supported(game, "Next visit Tue 3/18."));
        // A rate per units written as a path is no reference.
        let storage = r#"{"rate_per_lot_day":15.0,"lots":3}"#;
        assert!(all_supported(
            storage,
            "Rate: $15.00/lot/day for your 3 lots."
        ));
    }

    #[test]
    fn a_rank_and_a_gap_between_records() {
        let table = r#"{"teams":[{"name":"Kick Assets","won":4,"points":12},{"name":"Inter Nos","won":3,"points":9},{"name":"Net Gains","won":3,"points":9},{"name":"Hot Shots","won":1,"points":3}]}"#;
        // A rank within the list and the list it is of; a gap is no value of one record.
        assert!(all_supported(
            table,
            "Inter Nos: 2nd of 4 | 9 pts. Gap to 1st (Kick Assets): 3 pts."
        ));
        // Without the gap's label the 3 would be a value of Kick Assets' record, and wrong.
        assert!(!all_supported(table, "Kick Assets (1st): 3 pts."));
    }

    #[test]
    fn a_rate_restated_per_another_period() {
        let plan = r#"{"weekly":12.0}"#;
        assert!(all_supported(plan, "That's $12 a week ($624 a year)."));
        assert!(!all_supported(plan, "That's $12 a week ($600 a year)."));
        let bond = r#"{"annual":765.2}"#;
        assert!(all_supported(bond, "All in: $765.20/yr, approx. $64/mo."));
        assert!(!all_supported(bond, "All in: $765.20/yr, approx. $85/mo."));
    }

    #[test]
    fn containers_a_quantity_needs_at_a_stated_capacity() {
        let booking =
            r#"{"booked":true,"grade":"ASW1","est_tonnes":120.0,"max_tonnes_per_truck":38.0}"#;
        assert!(all_supported(
            booking,
            "120t of ASW1 — at 38t a truck that's 4 truckloads."
        ));
        assert!(!all_supported(
            booking,
            "120t of ASW1 — at 38t a truck that's 5 truckloads."
        ));
        // On a line a list marker opens, the first number is a quantity, not part of a date.
        assert!(all_supported(
            booking,
            "Booked:\n- 120t of ASW1 — at 38t a truck that's 4 truckloads"
        ));
        // The unit apart from the number.
        assert!(all_supported(
            booking,
            "120 t of ASW1 — at 38 t a truck that's 4 truckloads."
        ));
        assert!(!all_supported(
            booking,
            "120 t of ASW1 — at 38 t a truck that's 5 truckloads."
        ));
        // A capacity must be stated per container: "at 7 late arrivals" is none.
        assert!(!all_supported(
            booking,
            "120t of ASW1 at 38t, so 4 truckloads."
        ));
    }

    #[test]
    fn the_result_of_arithmetic_written_out() {
        let bill = r#"{"bills":[{"period":"2026-01","amount":3140.0,"due_date":"2026-01-10"}],"interest_pct_pa":21,"visit_charge":450,"travel":80}"#;
        let flagged = |a: &str| -> Vec<String> {
            score(bill, a)
                .iter()
                .flat_map(|c| c.flagged_spans.iter().map(|f| f.text.clone()))
                .collect()
        };
        let interest = |r: &str| {
            flagged(&format!(
                "Jan-2026 bill of Rs. 3,140.00, due 10-Jan-2026: 78 days x 21% / 365 = Rs. {r}"
            ))
        };
        let right = interest("140.91");
        assert!(!right.iter().any(|f| f.contains("140.91")), "{right:?}");
        let wrong = interest("150.91");
        assert!(wrong.iter().any(|f| f.contains("150.91")), "{wrong:?}");
        assert!(all_supported(bill, "Charges: 2 x ₹450 + ₹80 = ₹980."));
        assert!(!all_supported(bill, "Charges: 2 x ₹450 + ₹80 = ₹1,080."));
    }

    #[test]
    fn rupees_indian_grouping_and_dotted_dates() {
        let bill = r#"{"flat":"A-802","bills":[{"period":"2026-01","amount":125000.0,"due_date":"2026-01-10"},{"period":"2026-02","amount":4505.0,"due_date":"2026-02-10"}],"maintenance_pa":250000}"#;
        // "Rs." ends no sentence; rupees in every spelling; lakhs grouped and named.
        assert!(all_supported(
            bill,
            "The Jan-2026 bill of Rs. 1,25,000/- was due on 10.01.2026."
        ));
        assert!(all_supported(
            bill,
            "The Feb-26 bill is ₹4,505, due 10.02.2026."
        ));
        assert!(all_supported(bill, "Annual maintenance is INR 2.5 lakh."));
        // Wrong amounts, dates and periods are still flagged.
        assert!(!all_supported(
            bill,
            "The Jan-2026 bill of Rs. 1,35,000/- was due on 10.01.2026."
        ));
        assert!(!all_supported(
            bill,
            "The Jan-2026 bill of Rs. 1,25,000/- was due on 11.01.2026."
        ));
        assert!(!all_supported(bill, "The Mar-2026 bill is ₹4,505."));
        assert!(!all_supported(bill, "Annual maintenance is INR 3.5 lakh."));
    }

    #[test]
    fn a_count_of_the_values_its_sentence_lists() {
        let loads = r#"{"grower":"GR-1","loads":[{"id":"L1","grade":"SFW1","screenings_pct":6.5},{"id":"L2","grade":"SFW1","screenings_pct":7.1},{"id":"L3","grade":"SFW1","screenings_pct":6.1},{"id":"L4","grade":"H2","screenings_pct":3.2}]}"#;
        assert!(all_supported(
            loads,
            "3 loads went to feed (SFW1), with screenings of 6.5%, 7.1% and 6.1%."
        ));
        // A count the list does not bear out is checked as before.
        assert!(!all_supported(
            loads,
            "2 loads went to feed (SFW1), with screenings of 6.5%, 7.1% and 6.1%."
        ));
        let days = r#"{"child":"CH-1","as_of":"2026-05-14","charged_days":[{"date":"2026-05-20","fee":92.5},{"date":"2026-05-27","fee":92.5},{"date":"2026-06-03","fee":92.5},{"date":"2026-06-10","fee":92.5}]}"#;
        assert!(all_supported(
            days,
            "You are still charged for 20 May, 27 May and 3 Jun (3 days)."
        ));
        assert!(!all_supported(
            days,
            "You are still charged for 20 May, 27 May and 3 Jun (2 days)."
        ));
        // Months listed, and a count written with a leading zero.
        let bills = r#"{"flat":"C-604","bills":[{"period":"2026-01","status":"unpaid"},{"period":"2026-02","status":"unpaid"},{"period":"2026-03","status":"unpaid"},{"period":"2025-12","status":"paid"}]}"#;
        assert!(all_supported(
            bills,
            "As on date, 03 bills are unpaid (January 2026, February 2026, March 2026)."
        ));
    }

    #[test]
    fn times_written_with_a_dot_or_without_a_colon() {
        let day = r#"{"child":"CH-1","session":{"start":"07:00","end":"18:00"},"sign_ins":[{"date":"2026-02-02","in":"08:55","out":"16:44"}]}"#;
        assert!(all_supported(day, "On 2 February: 8.55am to 4.44pm."));
        assert!(all_supported(day, "On 2 February: 0855–1644."));
        assert!(all_supported(
            day,
            "Picked up at 1644, before the 1800 close."
        ));
        // A changed time is still a time the evidence does not hold.
        assert!(!all_supported(day, "On 2 February: 8.55am to 6.44pm."));
        assert!(!all_supported(day, "Picked up at 1944."));
        // Four digits glued into a code, or written as they are in the evidence, stay what
        // they are.
        let desk = r#"{"desk":"DK-SH-0426","opens":"08:00","era":"1500-1800"}"#;
        assert!(all_supported(desk, "Desk DK-SH-0426 is yours from 8:00."));
        assert!(all_supported(desk, "The collection covers 1500–1800."));
    }

    #[test]
    fn a_tonne_glued_to_its_number_and_the_whole_a_part_is_of() {
        let grain = r#"{"contract":{"tonnes_contracted":130,"delivered_tonnes":65.4},"absences_used":15,"absences_allowed":42}"#;
        assert!(all_supported(
            grain,
            "Delivered 65.4t of the 130t contracted."
        ));
        assert!(!all_supported(
            grain,
            "Delivered 65.4t of the 150t contracted."
        ));
        assert!(all_supported(grain, "Absences: 15 of 42 used."));
        assert!(!all_supported(grain, "Absences: 15 of 44 used."));
    }

    #[test]
    fn a_duration_is_no_conflict_with_an_amount_of_a_sibling() {
        let orders = r#"{"as_of":"2026-05-30T16:57:00+10:00","orders":[{"order_number":"PC716121","ready_since":"2026-04-22","total_aud":61.0},{"order_number":"PC764282","ready_since":"2026-05-14","total_aud":38.0}]}"#;
        assert!(all_supported(
            orders,
            "PC716121: ready since 22 Apr (38 days)."
        ));
        // The amount itself is still bound to its record.
        assert!(!all_supported(orders, "PC716121 comes to $38.00."));
    }

    #[test]
    fn the_time_between_two_timestamps() {
        let lots = r#"{"as_of":"2026-03-16T19:30:00-05:00","lots":[{"id":"MCD26-0301","closes":"2026-03-18T20:15:00-05:00"},{"id":"MCD26-0302","closes":"2026-03-20T21:00:00-04:00"}]}"#;
        // 2 days, 45 minutes later: 48 hours 45 minutes; offsets move both to UTC (the second
        // closes 47 h 45 min after the first).
        assert!(all_supported(
            lots,
            "MCD26-0301 closes first, 48 hours 45 minutes after the update."
        ));
        assert!(all_supported(
            lots,
            "It closes about 49 hours out as of the last update."
        ));
        assert!(all_supported(
            lots,
            "MCD26-0301 closes 47 hrs 45 mins ahead of the other."
        ));
        assert!(!all_supported(
            lots,
            "MCD26-0301 closes 52 hrs 45 mins ahead of the other."
        ));
    }

    #[test]
    fn a_number_nothing_places_is_not_a_conflict() {
        // No value, no field its words name, no computation gives 7.25: not found, which is
        // not the conflict of a value bound to another.
        let order = r#"{"order_id":"ORD-1","total":129.5,"items":3}"#;
        let c = score(order, "Shipping adds $7.25.");
        assert_eq!(c[0].status, ClaimStatus::Unsupported, "{c:?}");
        assert_eq!(c[0].flagged_spans[0].kind, FlagKind::NumberNotInEvidence);
        // Localized to the number, like a contradicted one.
        assert_eq!((c[0].start, c[0].end), (14, 19), "{c:?}");
    }

    #[test]
    fn totals_of_numbers_written_as_strings() {
        let pay = r#"{"checks":[{"gross":"1200.50","net":900.1},{"gross":"1100.25","net":850.0},{"gross":"1300.00","net":950.3}]}"#;
        assert!(all_supported(pay, "Gross so far: $3,600.75"));
        let bad = score(pay, "Gross so far: $3,610.75");
        assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
    }

    #[test]
    fn the_rest_of_a_list() {
        let recs = r#"{"recommendations":[{"id":"r-1","saving":"310.20"},{"id":"r-2","saving":"125.40"},{"id":"r-3","saving":"64.05"}]}"#;
        assert!(all_supported(
            recs,
            "r-1 saves $310.20 a month. The other 2 recommendations would save another $189.45 combined."
        ));
        let bad = score(
            recs,
            "r-1 saves $310.20 a month. The other 5 recommendations would save another $189.45 combined.",
        );
        assert_eq!(bad[1].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn a_number_the_text_states_with_its_noun() {
        let att = r#"{"late_arrivals":2,"policy":"A warning letter is sent at 7 late arrivals in a year."}"#;
        assert!(all_supported(
            att,
            "A warning letter is sent at 7 late arrivals in a year."
        ));
        assert!(all_supported(
            att,
            "You have 2 late arrivals; the letter comes at 7 late arrivals, so you are 5 arrivals short of it."
        ));
        assert!(!all_supported(
            att,
            "You have 2 late arrivals; the letter comes at 7 late arrivals, so you are 4 arrivals short of it."
        ));
    }

    #[test]
    fn the_lower_bound_of_a_range_counts_nothing() {
        // Six records, two of them holding "7": the "-7" after the 5 is the range's upper
        // bound, not the value 5 records would hold.
        let shop = r#"{"variants":[{"size":"7"},{"size":"8"},{"size":"9"},{"size":"7"},{"size":"10"},{"size":"11"}],"policy":"Refunds take 5 to 7 business days."}"#;
        assert!(all_supported(
            shop,
            "Your money is back within 5-7 business days."
        ));
        assert!(all_supported(
            shop,
            "Your money is back within 5 – 7 business days."
        ));
        let bad = score(shop, "Your money is back within 97-99 business days.");
        assert_ne!(bad[0].status, ClaimStatus::Supported, "{bad:?}");
    }

    #[test]
    fn the_whole_of_a_part_and_a_fraction() {
        let wo = r#"{"wo_id":"WO-243275","tasks":[{"task":"Replace vacuum pump","est_hours":6.0,"status":"complete"},{"task":"Oil change","est_hours":0.8,"status":"open"},{"task":"Re-torque bolts","est_hours":6.0,"status":"open"}],"parts":[{"part_number":"48-6539","qty":1},{"part_number":"72-4288","qty":4}]}"#;
        // Five records under one parent: "complete" held by 1 of them is no count of the list.
        assert!(all_supported(wo, "WO-243275: 1 of 3 tasks complete."));
        let bad = score(wo, "WO-243275: 1 of 4 tasks complete.");
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        // The denominator of a fraction is the whole; the noun counts the numerator.
        let study =
            r#"{"study_id":"AC-19","enrollment":{"target":24,"screened":23,"randomized":15}}"#;
        assert!(all_supported(study, "AC-19 is at 15/24 randomized."));
        assert!(!all_supported(study, "AC-19 is at 15/25 randomized."));
    }

    #[test]
    fn a_count_whose_value_is_the_word_after_it() {
        let mel = r#"{"tail_number":"N8705","deferrals":[{"deferral_id":"DEF-4065","item":"Autopilot altitude hold","status":"open"},{"deferral_id":"DEF-8541","item":"Fuel gauge","status":"open"},{"deferral_id":"DEF-1481","item":"Strobe light","status":"closed"}]}"#;
        assert!(all_supported(
            mel,
            "N8705 has 2 open deferrals (plus one closed strobe-light item)."
        ));
        let bad = score(
            mel,
            "N8705 has 1 open deferral (plus one closed strobe-light item).",
        );
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn numbers_a_field_name_states_and_percents_between_named_fields() {
        let study = r#"{"study_id":"AC-19","enrollment":{"target":24,"randomized":15},"randomized_last_8_weeks":5}"#;
        assert!(all_supported(
            study,
            "Pace: 5 randomized in the last 8 weeks."
        ));
        assert!(!all_supported(
            study,
            "Pace: 5 randomized in the last 9 weeks."
        ));
        let units = r#"{"units":[{"unit_id":"BK-3292","standard_rate":54.0,"web_rate":48.6},{"unit_id":"BK-3249","standard_rate":46.0,"web_rate":41.4}]}"#;
        assert!(all_supported(
            units,
            "The web rate is 10% below the standard rate ($46.00 for that unit)."
        ));
        // 15 % is only the standard rate of one unit against the other's.
        assert!(!all_supported(
            units,
            "The web rate is 15% below the standard rate ($46.00 for that unit)."
        ));
    }

    #[test]
    fn a_modifier_before_the_counted_noun() {
        let permit = r#"{"inspections":[{"kind":"footing","requires":["survey"]},{"kind":"frame","requires":["footing"]},{"kind":"roof","requires":["frame"]},{"kind":"final","requires":["roof"]}]}"#;
        assert!(all_supported(permit, "There are 4 required inspections."));
        let bad = score(permit, "There are 5 required inspections.");
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn total_and_mean_of_durations_between_two_clock_fields() {
        let visits = r#"{"visits":[{"date":"2026-03-02","checkIn":"18:05","checkOut":"19:17"},{"date":"2026-03-04","checkIn":"07:40","checkOut":"08:30"},{"date":"2026-03-06","checkIn":"23:30","checkOut":"00:40"}]}"#;
        // 72 + 50 + 70 = 192 minutes; mean 64.
        assert!(all_supported(
            visits,
            "Your average session was 64 minutes."
        ));
        assert!(all_supported(visits, "Total time: 192 minutes."));
        assert!(!all_supported(
            visits,
            "Your average session was 95 minutes."
        ));
    }

    #[test]
    fn si_prefixed_units_scale_the_base_unit() {
        let power = r#"{"siteId":"S-1","powerW":{"solar":4908,"home":1714,"grid":-5966}}"#;
        assert!(all_supported(power, "Solar is producing 4.9 kW right now."));
        assert!(all_supported(power, "The home is drawing 1.7 kW."));
        assert!(!all_supported(
            power,
            "Solar is producing 5.8 kW right now."
        ));
        assert!(!all_supported(
            power,
            "Solar is producing 4.8 kW right now."
        ));
        let disk = r#"{"volume":"v-1","used_bytes":2684354560,"latency_s":0.25}"#;
        assert!(all_supported(disk, "The volume holds 2.5 GB."));
        assert!(all_supported(disk, "Reads take 250 ms."));
        assert!(!all_supported(disk, "The volume holds 3.5 GB."));
        assert!(!all_supported(disk, "Reads take 350 ms."));
    }

    #[test]
    fn units_of_one_quantity_convert() {
        let tyres = r#"{"vehicle":"FL-1","tyre_pressure_kpa":{"front_left":420,"rear_left":375}}"#;
        assert!(all_supported(
            tyres,
            "The rear left tyre is at 375 kPa (54 psi)."
        ));
        assert!(!all_supported(
            tyres,
            "The rear left tyre is at 375 kPa (58 psi)."
        ));
        let tank = r#"{"vehicle":"FL-1","tank_capacity_l":93,"wheelbase_cm":280}"#;
        assert!(all_supported(tank, "The tank holds about 24.6 gallons."));
        assert!(!all_supported(tank, "The tank holds 30.6 gallons."));
    }

    #[test]
    fn areas_and_the_unit_of_a_range() {
        let units = r#"{"units":[{"unit_id":"BK-3292","sq_ft":25,"floor":3},{"unit_id":"BK-3249","sq_ft":25,"floor":1}]}"#;
        assert!(all_supported(units, "BK-3292 has 25 sq ft (2.3 m²)."));
        assert!(!all_supported(units, "BK-3292 has 25 sq ft (3.7 m²)."));
        let kits = r#"{"study_id":"VRD-221","storage_range_c":[2,8]}"#;
        assert!(all_supported(kits, "Kits stay at 2–8 °C (35.6–46.4 °F)."));
        assert!(!all_supported(kits, "Kits stay at 2–8 °C (25.6–46.4 °F)."));
    }

    #[test]
    fn a_percent_of_the_sum_of_two_evidence_values() {
        let loan = r#"{"loan":"L-1","principal":1811.05,"interest":437.49,"escrow":395.73,"late_charge_pct":4}"#;
        assert!(all_supported(
            loan,
            "A late charge of 4% of principal and interest ($89.94) applies after the grace period."
        ));
        assert!(!all_supported(
            loan,
            "A late charge of 4% of principal and interest ($99.94) applies after the grace period."
        ));
    }

    #[test]
    fn scales_and_worked_examples() {
        let acct = r#"{"health_score":44,"arr":125000}"#;
        assert!(all_supported(acct, "Health: 44/100."));
        assert!(all_supported(acct, "Health is 44 out of 100."));
        assert!(!all_supported(acct, "Health: 47/100."));
        let fees = r#"{"atm_fee_flat":2.5,"daily_limit":800}"#;
        assert!(all_supported(
            fees,
            "For example, withdrawing $300 would cost the $2.50 flat fee."
        ));
        assert!(!all_supported(
            fees,
            "For example, withdrawing $300 would cost the $3.75 flat fee."
        ));
    }

    #[test]
    fn rates_shares_and_pence() {
        let quote = r#"{"dtp_hours": 3, "dtp_rate_eur_per_hour": 45.0, "eur_gbp_rate": 0.8537,
            "annual_cap_m3": 60000.0, "used_m3": 4000.0, "charge_gbp_per_m3": 0.026}"#;
        // "hours" is counted by "three": the number after "at" is its rate, not its count.
        assert!(all_supported(
            quote,
            "Layout work (DTP) adds three hours at 45,00 €, so 135,00 €."
        ));
        assert!(!all_supported(
            quote,
            "Layout work (DTP) adds three hours at 54,00 €, so 162,00 €."
        ));
        // Two currencies make an exchange rate, not the unit of a rate in one of them.
        assert!(all_supported(quote, "The DTP rate is €45."));
        assert!(!all_supported(quote, "The exchange rate is 0.8573."));
        // A share of one value in another.
        assert!(all_supported(
            quote,
            "You've used 4,000 m³ of your 60,000 m³ cap, which is about 7%."
        ));
        assert!(!all_supported(
            quote,
            "You've used 4,000 m³ of your 60,000 m³ cap, which is about 17%."
        ));
        // Pence.
        assert!(all_supported(quote, "The charge is 2.6p per m³."));
        assert!(!all_supported(quote, "The charge is 3.6p per m³."));
        // A statistic over the records is no value of one of them.
        let fleet = r#"{"vehicles":[{"vehicle_id":"FL-8107","odometer_km":140213},{"vehicle_id":"FL-3728","odometer_km":114657},{"vehicle_id":"FL-5013","odometer_km":30180},{"vehicle_id":"FL-2816","odometer_km":222646},{"vehicle_id":"FL-2630","odometer_km":71013},{"vehicle_id":"FL-9476","odometer_km":142211}]}"#;
        assert!(all_supported(
            fleet,
            "Highest mileage is FL-2816 at 222,646 km, well above the depot average of about 120,000 km."
        ));
        // Without it the value is the named record's.
        assert!(!all_supported(fleet, "FL-2816 is at about 120,000 km."));
        // An operand of arithmetic the answer writes out, with its result.
        let pay = r#"{"employee":"E-1","annual_salary":64500,"gross_pay":"2480.77","fine":{"per_day":"0.30"}}"#;
        assert!(all_supported(
            pay,
            "**Earnings:** salary of $2,480.77 for the period ($64,500 a year ÷ 26)."
        ));
        assert!(!all_supported(
            pay,
            "**Earnings:** salary of $2,480.77 for the period ($64,500 a year ÷ 24)."
        ));
        assert!(all_supported(pay, "**Estimated fine:** $2.70 (9 × $0.30)."));
        assert!(!all_supported(
            pay,
            "**Estimated fine:** $2.70 (7 × $0.30)."
        ));
        // A value exactly halfway between two cents may be rounded either way.
        let loan = r#"{"breakdown":{"principal":"1505.88","interest":"806.62"},"late_charge":{"pct":"5"}}"#;
        for fee in ["$115.62", "$115.63"] {
            assert!(all_supported(
                loan,
                &format!("5% of your $2,312.50 of principal and interest is {fee}.")
            ));
        }
        assert!(!all_supported(
            loan,
            "5% of your $2,312.50 of principal and interest is $115.61."
        ));
    }

    #[test]
    fn compound_nouns_and_the_users_own_numbers() {
        // "desk" modifies "days": the count is of days (19 bookings), not of `desk_credits`.
        let booking = |credits: u32| format!(r#"{{"site": "leith", "credits": {credits}}}"#);
        let bookings: Vec<String> = (0..19)
            .map(|i| booking(if i < 4 { 2 } else { 1 }))
            .collect();
        let usage = format!(
            r#"{{"desk_credits": 20, "bookings": [{}]}}"#,
            bookings.join(",")
        );
        let usage = usage.as_str();
        assert!(all_supported(
            usage,
            "You booked 19 desk days and used 23 credits."
        ));
        assert!(!all_supported(usage, "You used 19 desk credits."));
    }

    #[test]
    fn the_users_own_number_with_its_noun() {
        use super::super::{DeterministicScorer, Scorer, Stage2Config};
        use crate::run::ToolCall;
        // "Flex 10" names a plan that holds no 22; "about 22" is near a sibling's 20 credits.
        // The user gave the 22 desk days: a number with its noun in the user's words.
        let plans = r#"{"plans": [
            {"code": "flex_10", "name": "Flex 10", "monthly_fee_gbp": 129.0, "desk_credits": 10, "meeting_room_hours": 4},
            {"code": "flex_20", "name": "Flex 20", "monthly_fee_gbp": 219.0, "desk_credits": 20, "meeting_room_hours": 8}],
            "overage_rate_gbp_per_credit": 12.5}"#;
        let member = r#"{"member_id": "HM-83364", "plan": {"code": "flex_10", "name": "Flex 10",
            "monthly_fee_gbp": 129.0, "desk_credits": 10, "meeting_room_hours": 4}}"#;
        let mut run = super::super::test_support::run(plans);
        run.tool_calls.push(ToolCall {
            id: "call_2".into(),
            name: "get_member".into(),
            result: Some(member.into()),
            ..Default::default()
        });
        let answer = "At about 22 desk days a month, staying on Flex 10 would cost you £279.00 a \
                      month: the £129.00 fee plus twelve extra credits at £12.50 each.";
        let scorer = DeterministicScorer::new(Stage2Config::default());
        let supported = |run: &crate::run::AgentRun| {
            scorer
                .score(run, answer)
                .iter()
                .all(|c| c.status == ClaimStatus::Supported)
        };
        run.user_input = "HM-83364: I use roughly 22 desk days a month. Compare the plans.".into();
        assert!(supported(&run));
        // The compound's head is what the user counted: "22 days".
        run.user_input = "HM-83364: I'm in about 22 days a month. Compare the plans.".into();
        assert!(supported(&run));
    }

    #[test]
    fn a_percent_of_one_amount_after_a_long_list() {
        // Nine amounts before the total: the one the VAT is taken of must not be crowded out
        // of the bases by sums of the others.
        let quote = r#"{"targets": [{"lang": "PL", "words": 7450, "rate": 0.14},
            {"lang": "NL", "words": 4200, "rate": 0.13}], "dtp_hours": 4, "dtp_rate": 45.0,
            "vat_pct": 21}"#;
        let answer = "Rates: 0,14 €, 0,13 €, 0,12 €, 0,11 €, 45,00 €, 3,00 €, 2,00 €. Lines: \
                      1.043,00 €, 546,00 €, 180,00 €. All told, the net total is 1.769,00 €, and with 21% VAT that's \
                      2.140,49 €.";
        let claims = score(quote, answer);
        let last = claims.last().unwrap();
        assert!(
            last.flagged_spans.iter().all(|f| f.text != "2.140,49 €"),
            "{last:?}"
        );
        let wrong = answer.replace("2.140,49", "2.410,49");
        let claims = score(quote, &wrong);
        assert!(claims
            .last()
            .unwrap()
            .flagged_spans
            .iter()
            .any(|f| f.text == "2.410,49 €"));
    }

    #[test]
    fn a_weighted_sum_of_one_records_fields() {
        let quote = r#"{"targets": [{"lang": "PL", "words_new": 6200, "words_fuzzy": 1800,
            "words_repeat": 1400, "rate": 0.14}], "fuzzy_pct": 50, "repeat_pct": 25}"#;
        let text = |n: &str| {
            format!(
                "New words are charged in full, fuzzy matches at 50% and repetitions at 25%. \
                 Polish comes to {n} weighted words."
            )
        };
        assert!(all_supported(quote, &text("7,450")));
        assert!(!all_supported(quote, &text("7,540")));
    }

    #[test]
    fn every_line_of_a_priced_list() {
        // Each line is a quantity the answer states times a price it states; the third
        // line's product must not be crowded out by sums built on the first.
        let quote = r#"{"targets": [{"lang": "DE", "rate": 0.13}, {"lang": "NL", "rate": 0.14},
            {"lang": "IT", "rate": 0.12}], "dtp_hours": 4, "dtp_rate": 45.0}"#;
        let answer = "- German: 8,620 words at 0,13 € = 1.120,60 €\n\
                      - Dutch: 3,320 words at 0,14 € = 464,80 €\n\
                      - Italian: 9,160 words at 0,12 € = 1.099,20 €\n\
                      Layout adds four hours at 45,00 €, so 180,00 €. The net total is \
                      2.864,60 €.";
        let claims = score(quote, answer);
        assert!(
            claims.iter().all(|c| c
                .flagged_spans
                .iter()
                .all(|f| f.text.ends_with("words") || !f.text.contains('€'))),
            "{claims:?}"
        );
        let wrong = answer.replace("1.099,20", "1.909,20");
        assert!(score(quote, &wrong)
            .iter()
            .any(|c| c.flagged_spans.iter().any(|f| f.text == "1.909,20 €")));
    }

    #[test]
    fn the_amount_of_a_change_is_a_difference() {
        // "26 March" names the first reading; 3.5 is another reading's rain, and the drop
        // from 28.7 to 25.2.
        let soil = r#"{"readings": [{"date": "2026-03-26", "moisture_pct": 28.7, "rain_mm": 6.0},
            {"date": "2026-04-01", "moisture_pct": 25.2, "rain_mm": 3.5}]}"#;
        assert!(all_supported(
            soil,
            "It has dropped by 3.5 points (from 28.7% on 26 March 2026)."
        ));
        assert!(!all_supported(
            soil,
            "It had 3.5 mm of rain (and 28.7% moisture) on 26 March 2026."
        ));
    }

    #[test]
    fn a_count_of_the_records_a_stated_sum_adds_up() {
        let inv = r#"{"lots": [{"lot": "L1", "kits": 14, "status": "available"},
            {"lot": "L2", "kits": 8, "status": "available"},
            {"lot": "L3", "kits": 3, "status": "quarantined"},
            {"lot": "L4", "kits": 9, "status": "available"}]}"#;
        assert!(all_supported(inv, "Usable kits: 31 across 3 lots."));
        assert!(!all_supported(inv, "Usable kits: 31 across 2 lots."));
    }

    #[test]
    fn a_period_in_a_leading_label_is_its_scope() {
        let inv = r#"{"lots": [{"lot": "L1", "kits": 14, "expiry": "2027-01-17"}],
            "reorder_threshold_kits": 10}"#;
        assert!(all_supported(inv, "Lots expiring within 60 days: none."));
        // Not in a label: a period the answer reports.
        assert!(!all_supported(inv, "The lots expire within 60 days."));
        // A field the label names still judges it.
        let policy = r#"{"expiry_window_days": 30, "lots": [{"lot": "L1", "kits": 14}]}"#;
        assert!(!all_supported(policy, "Expiry window of 60 days: none."));
    }
}
