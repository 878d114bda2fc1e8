//! The JSON fields a claim number is judged by: which field a noun of the claim names, what
//! kind of quantity a field holds, and the field checks that only read field names and values.

use super::super::check::Outcome;
use super::super::counts::{compound_head, counted_subset, total_of_named_records};
use super::super::evidence::Evidence;
use super::super::items::Item;
use super::super::numbers::{conversions, derived_value, difference_with_field, stated_difference};
use super::super::numbers::{matches_value, ClaimNumber};
use super::super::records;
use super::super::terms::{contains_terms, normalize_terms};
use super::framing::{change_amount, difference_label, statistic_of_records};
use super::Claim;

/// Words of a field name that say "how many", not "of what" (`comment_count`, `num_items`,
/// `total_amount`), and abbreviations of units and currencies (`humidity_pct`, `amount_usd`);
/// units of time and size are [`unit_words`].
const COUNT_WORDS: &[&str] = &[
    "count", "num", "number", "total", "n", "no", "of", "the", "avg", "amt", "qty", "cnt", "pct",
    "percent", "usd", "eur", "gbp", "jpy", "c", "f", "k", "g", "kg", "lb", "lbs", "km", "m", "mi",
    "cm", "mm", "ft", "s", "ms", "sec", "secs", "min", "mins", "h", "hr", "hrs", "d", "kb", "mb",
    "gb", "tb", "mph", "kph", "kmh",
];

/// Units of time and size a field name may end in (`billable_minutes`, `size_bytes`), as
/// [`normalize_terms`] writes them.
fn unit_words() -> &'static [String] {
    static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        [
            "seconds", "minutes", "hours", "days", "weeks", "months", "years", "bytes",
        ]
        .iter()
        .map(|w| normalize_terms(w))
        .collect()
    })
}

/// The kind of quantity a JSON field's name or a claim's unit says: money, a percent, a
/// duration, or unknown (`None`).
pub(super) fn quantity_kind(words: &str) -> Option<u8> {
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
pub(super) fn same_kind(c: &ClaimNumber, key: &str) -> bool {
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

/// Whether a quantity named by `noun` in a claim (its `sentence`, normalized) names the JSON
/// field `key`: the noun is a word of the field, and every other word of the field is in the
/// sentence, or says how many or in what unit ([`COUNT_WORDS`]: `count`, `pct`, `usd`). "15
/// comments" names `comments` and `comment_count`, "Humidity is at 40%" names `humidity_pct`;
/// "the doc lists 3 items" does not name `action_items` (nothing in the claim says "action"),
/// so that field's value cannot contradict it.
pub(in crate::stage2) fn names_field(key: &str, noun: &str, sentence: &str) -> bool {
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
                || unit_words().iter().any(|u| u == w)
                || contains_terms(sentence, w)
        })
}

/// A percent the answer states as the difference of two values of the fields it names ("the
/// web rate is 10% below the standard rate": `web_rate` 41.4, `standard_rate` 46.0), relative
/// to either. Only values of two different named fields pair up, so few pairs and no
/// comparison of one field across records.
pub(super) fn percent_between(c: &ClaimNumber, fields: &[&(String, f64)]) -> bool {
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
pub(super) fn key_states(key: &str, c: &ClaimNumber) -> bool {
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

/// Whether a numeric field whose name is two or three consecutive words of the claim's
/// sentence ("weekly goal" → `weeklyGoal` / `weekly_goal`) holds the claim's value.
pub(super) fn field_named_in_sentence_holds(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
) -> bool {
    let sentence = super::super::states::whole_sentence_around(answer, item.start, item.end);
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

impl<'a> Claim<'a> {
    /// Whether the value belongs to another record than the one the claim names (rule 5).
    pub(super) fn bound_elsewhere(&self) -> bool {
        let (c, names, before) = (self.c, self.names, self.before.as_str());
        let ev = self.ev;
        // A value that belongs to another record than the one the claim names is
        // contradicted (see [`records`]); the other checks below only support.
        // (Not the amount of a change — "dropped by 3.5 points", "is up by $12": a difference,
        // which no record holds; nor the time since or until a moment, "~125h ago".)
        let direct = |n: f64| matches_value(c, n) || conversions(c, n);
        if !change_amount(before)
            && !difference_label(before)
            && !super::framing::elapsed_time(c, &self.answer[self.item.end..])
            && !statistic_of_records(before)
            // A negated clause says the record does not hold it ("Observatory didn't have the
            // full 31 opening days"): another value there agrees.
            && !super::super::states::negated_before(self.answer, self.item.start)
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
            return true;
        }
        false
    }

    /// The leading `Label:` of the number's line ([`claim_type::label_span`], a list marker
    /// aside), or the first cell of a key-value table's row, with what stands between it and
    /// the number (markup trimmed).
    ///
    /// [`claim_type::label_span`]: super::super::claim_type::label_span
    fn leading_label(&self) -> Option<(&'a str, &'a str)> {
        let start = super::super::states::whole_sentence_start(self.answer, self.item.start);
        let line = self.answer[start..self.item.start].trim_start();
        // A list marker is no part of the label.
        let line = ["- ", "* ", "• ", "+ "]
            .iter()
            .find_map(|m| line.strip_prefix(m))
            .unwrap_or(line);
        // (A table row's label is read from the whole row: its cells are counted.)
        let whole = if line.starts_with('|') {
            let from = self.answer.len() - self.answer[start..].trim_start().len();
            let rest = &self.answer[from..];
            &rest[..rest.find('\n').unwrap_or(rest.len())]
        } else {
            line
        };
        let (_, end) = super::super::claim_type::label_span(whole)?;
        if end > line.len() {
            return None;
        }
        let (label, value) = line.split_at(end);
        // "Label:" or a key-value table row's first cell ("| Deaths | 27 hens, … |").
        let cell = label.starts_with('|') && label.ends_with('|');
        (label.trim_end_matches('*').ends_with(':') || cell).then(|| {
            (
                label,
                value.trim_matches(|ch: char| ch.is_whitespace() || ch == '*'),
            )
        })
    }

    /// The last word of a leading `Label:` ([`claim_type::label_span`]) that the number opens
    /// the value of ("- Deaths: 32 hens, leaving …" → `deaths`), lower-cased; `None` when
    /// anything stands between the colon and the number.
    ///
    /// [`claim_type::label_span`]: super::super::claim_type::label_span
    pub(super) fn label_noun(&self) -> Option<String> {
        let (label, between) = self.leading_label()?;
        if !between.is_empty() {
            return None;
        }
        let last = label
            .split(|ch: char| !ch.is_alphanumeric())
            .rfind(|w| !w.is_empty())?;
        last.chars()
            .all(char::is_alphabetic)
            .then(|| last.to_lowercase())
    }

    /// The field a leading `Label:` names with all its words, when the number is the label's
    /// whole value and one field of the evidence has that name ("New total: GBP 129.60" of
    /// `"new_total": 142.1`; "Retired ytd t: 2650"): a structured answer echoes the evidence's
    /// fields under their names, so the field's value decides — the value of a sibling field
    /// (`new_subtotal`: 129.6), however computable, is no value of this one. `None` when no
    /// single field has the label's name.
    pub(super) fn labeled_field(&self) -> Option<Outcome> {
        let (ev, c) = (self.ev, self.c);
        let (label, between) = self.leading_label()?;
        // Only a currency may stand between the label and the number ("Total: GBP 129.60").
        let currency = between.is_empty()
            || between.len() == 3 && between.chars().all(|ch| ch.is_ascii_uppercase())
            || matches!(between, "$" | "€" | "£" | "¥" | "₹");
        // The number is the label's whole value ("Total: 3 items for $45" counts items).
        let rest = self.answer[self.item.end..]
            .lines()
            .next()
            .unwrap_or("")
            .trim();
        if !currency || !(rest.is_empty() || rest.starts_with(['(', ';', ','])) {
            return None;
        }
        let label = normalize_terms(label.trim_matches(|ch: char| !ch.is_alphanumeric()));
        if label.split(' ').count() < 2 {
            return None;
        }
        let mut vals: Vec<f64> = ev
            .keyed
            .iter()
            .filter(|(k, _)| normalize_terms(&k.replace(['_', '-'], " ")) == label)
            .map(|x| x.1)
            .collect();
        vals.sort_by(f64::total_cmp);
        vals.dedup();
        let [v] = vals[..] else {
            return None;
        };
        let ok = matches_value(c, v)
            || conversions(c, v)
            || c.is_percent() && v.abs() <= 1.0 && matches_value(c, v * 100.0);
        Some(Outcome {
            supported: ok,
            contradicted: !ok,
            citation: None,
        })
    }

    /// A number the agent itself sent to a tool as the argument its noun names ("The request
    /// for 13 containers was refused" after a call with `"containers": 13`): what was asked
    /// for, which the tool's answer (`"containers": 8` of the booking taken instead) does not
    /// contradict.
    pub(super) fn requested(&self) -> bool {
        let (ev, c, sentence) = (self.ev, self.c, &self.sentence);
        let nouns: Vec<&String> = c.noun.iter().chain(self.head.iter()).collect();
        if nouns.is_empty() {
            return false;
        }
        ev.argument_numbers.iter().any(|(k, n)| {
            matches_value(c, *n)
                && nouns
                    .iter()
                    .any(|noun| noun.len() >= 4 && names_field(k, noun, sentence))
        })
    }

    /// The field a noun of the claim names (rule 6).
    pub(super) fn by_field(&self) -> Option<Outcome> {
        let (ev, answer, item, c, facts) = (self.ev, self.answer, self.item, self.c, self.facts);
        let (before, sentence, next, head) =
            (self.before.as_str(), &self.sentence, self.next, &self.head);
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
            return Some(Outcome::supported(None));
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
                .filter(|(k, _)| names_field(k, noun, sentence) && (!percent || percent_field(k)))
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
            let precise = c.precise();
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
                vals.iter()
                    .any(|v| matches_value(c, *v) || as_percent(*v) || conversions(c, *v))
                    || aggregates
                    || rest_of_list
                    || (precise && derived_value(ev, item, c, facts))
                    || difference_with_field(item, c, facts, &vals)
                    || distance && stated_difference(item, c, facts)
                    || percent && percent_between(c, &fields)
                    || counted_subset(ev, item, c, facts, &vals)
                    || keys
                        .iter()
                        .any(|k| total_of_named_records(ev, c, sentence, k))
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
                Some(true) => return Some(Outcome::supported(None)),
                Some(false) => conflict = true,
                None => {}
            }
        }
        // "Deaths: 32 hens": a label the number opens the value of names what it counts, and
        // the noun after it is the unit counted in. A field the label names that holds the
        // number, or totals to it, supports it; the unit's field (`hens`) does not contradict.
        if conflict {
            if self.label_noun().is_some_and(|l| judge(&l) == Some(true)) {
                return Some(Outcome::supported(None));
            }
            return Some(Outcome::contradicted());
        }
        if let Some(ok) = c.noun_before.iter().find_map(judge) {
            return Some(Outcome {
                supported: ok,
                contradicted: !ok,
                citation: None,
            });
        }
        None
    }
}
