//! What the words around a claim number make of it: a statistic over records, the amount of a
//! change, a difference, the last digits of an identifier, the whole a part is counted of, a
//! rank, the lower bound of a range, a percentile. Each predicate reads only the answer's text
//! next to the number.

use super::super::check::Outcome;
use super::super::numbers::{ordinal_of_period, ClaimNumber};
use super::super::premises::example_premise;
use super::fields::names_field;
use super::Claim;

/// Whether the (lower-cased) text just before a number names it a statistic over records
/// ("the depot average of about 120,000 km", "a median of", "combined"): no record holds it,
/// so record binding does not judge it; the calculator does. Not "total": a record's own field
/// is often called so ("order #W1's total is $129.50" is that order's).
pub(super) fn statistic_of_records(before: &str) -> bool {
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
pub(super) fn change_amount(before: &str) -> bool {
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
pub(super) fn difference_label(before: &str) -> bool {
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

/// Whether a number of a unit of time measures the time since or until a moment ("~125h
/// ago", "3 days later", "in 6 hours from now", "2 weeks left"): the distance between two
/// instants, which no record holds.
pub(super) fn elapsed_time(c: &ClaimNumber, after: &str) -> bool {
    const UNITS: &[&str] = &[
        "s", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes", "h", "hr",
        "hrs", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years",
    ];
    const RELATIONS: &[&str] = &[
        "ago",
        "later",
        "earlier",
        "since",
        "left",
        "remaining",
        "old",
        "from",
        "before",
        "after",
    ];
    let unit = c.unit.to_ascii_lowercase();
    let next = after
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|ch: char| !ch.is_alphanumeric())
        .to_ascii_lowercase();
    UNITS.contains(&unit.as_str()) && RELATIONS.contains(&next.as_str())
}

/// Whether the text before a number introduces the last digits of an identifier.
pub(super) fn last_digits_frame(before: &str) -> bool {
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

/// Whether the text before a number ends "<number> of" (with "your", "the" or "my" between):
/// the number is the whole a part is counted of.
pub(super) fn part_of_whole(before: &str) -> bool {
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

/// The evidence's citation of a whole number with the capitalized word right before it in the
/// answer ("Revision 3", "Gate 12"), written so in the evidence: a label's number.
fn labelled_number(
    ev: &super::super::evidence::Evidence,
    answer: &str,
    item: &super::super::items::Item,
) -> Option<(usize, usize, usize)> {
    let digits = item.text.split(' ').next()?;
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let head = answer[..item.start].strip_suffix(' ')?;
    let word = head.rsplit(|ch: char| !ch.is_alphabetic()).next()?;
    let capital = word.starts_with(|ch: char| ch.is_uppercase())
        && word.chars().skip(1).all(char::is_lowercase)
        && word.chars().count() >= 3;
    if !capital {
        return None;
    }
    let phrase = format!("{} {digits}", word.to_lowercase());
    let alnum = |ch: Option<char>| ch.is_some_and(char::is_alphanumeric);
    // Not a longer number ("Revision 3.1", "Gate 120").
    let goes_on = |o: &super::super::evidence::Occurrence<'_>| {
        alnum(o.after(0))
            || o.after(0) == Some('.') && o.after(1).is_some_and(|ch| ch.is_ascii_digit())
    };
    let found = ev
        .occurrences(&phrase)
        .find(|o| !alnum(o.before(0)) && !goes_on(o))
        .map(|o| o.span());
    found
}

/// Whether `rest`, the text right after a number, is an ordinal suffix ("st", "nd", "rd",
/// "th") ending its word: "2nd", "21st".
pub(super) fn ordinal_suffix(rest: &str) -> bool {
    ["st", "nd", "rd", "th"].iter().any(|s| {
        rest.get(..2).is_some_and(|r| r.eq_ignore_ascii_case(s))
            && !rest[2..].starts_with(|ch: char| ch.is_alphanumeric())
    })
}

/// Whether `rest`, the text right after a number, goes on to a range's upper bound ("-7",
/// "– 10", " to 12", "-$40").
pub(super) fn range_continues(rest: &str) -> bool {
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

/// The evidence's ISO week (`2026-W05`, `2026W05`) of a week number the answer writes after
/// "week", "wk", "CW" or "KW" (`before` is the answer up to the number).
fn iso_week(
    ev: &crate::stage2::evidence::Evidence,
    before: &str,
    number: &str,
) -> Option<(usize, usize, usize)> {
    let word = before
        .trim_end()
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()?;
    let week_word = ["week", "wk", "cw", "kw"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w));
    if !week_word || !before.ends_with(' ') {
        return None;
    }
    // The item may hold the noun after the digits ("week 4 volume").
    let digits = number.split_whitespace().next()?;
    let n: u32 = digits.parse().ok().filter(|n| (1..=53).contains(n))?;
    let label = format!("w{n:02}");
    let found = ev.occurrences(&label).find_map(|o| {
        let year_before = (0..4).all(|k| o.before(k).is_some_and(|c| c.is_ascii_digit()))
            || o.before(0) == Some('-')
                && (1..=4).all(|k| o.before(k).is_some_and(|c| c.is_ascii_digit()));
        let ends = !o.after(0).is_some_and(|c| c.is_ascii_alphanumeric());
        (year_before && ends).then(|| o.span())
    });
    found
}

/// The number of a percentile written as an ordinal at the start of `text` ("95th-percentile",
/// "99th percentile").
pub(super) fn percentile_ordinal(text: &str) -> Option<&str> {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = text[digits..].to_ascii_lowercase();
    let suffix = ["th", "st", "nd", "rd"]
        .iter()
        .find(|s| rest.starts_with(*s))?;
    let rest = &rest[suffix.len()..];
    (digits > 0 && (rest.starts_with("-percentile") || rest.starts_with(" percentile")))
        .then(|| &text[..digits])
}

impl Claim<'_> {
    /// What the words around the number make of it (rule 1).
    pub(super) fn framed(&self) -> Option<Outcome> {
        let (ev, answer, item, c, facts) = (self.ev, self.answer, self.item, self.c, self.facts);
        let before = self.before.as_str();
        // The last digits of a card, account or phone number ("ending in 3692", "last
        // four digits 3692") are part of an identifier, not a quantity: the evidence
        // must end a number with them; no arithmetic can make them.
        if last_digits_frame(&answer[..item.start])
            && (2..=6).contains(&item.text.len())
            && item.text.chars().all(|ch| ch.is_ascii_digit())
        {
            return Some(match ev.find_digit_suffix(&item.text) {
                Some(cite) => Outcome::supported(Some(cite)),
                None => Outcome::contradicted(),
            });
        }
        // The number of a label the evidence writes with the same capitalized word before it
        // ("Revision 3 allowed 25 L" where a policy says "Replaces Revision 3"): the label's,
        // not a quantity. A number the evidence does not label so is judged as any other.
        if let Some(cite) = labelled_number(ev, answer, item) {
            return Some(Outcome::supported(Some(cite)));
        }
        // A week number after "week", "wk", "CW" or "KW" ("week 5", "KW 16"): the ISO week
        // the evidence writes as `2026-W05`, not a quantity. A week the evidence does not
        // write is judged as any other number.
        if let Some(cite) = iso_week(ev, &answer[..item.start], &item.text) {
            return Some(Outcome::supported(Some(cite)));
        }
        // A percentile by its ordinal ("95th-percentile CPU") is the statistic the evidence
        // names `p95` (`cpu_p95_pct`) or writes out.
        if let Some(n) = percentile_ordinal(&answer[item.start..]) {
            let glued = |ch: Option<char>| ch.is_some_and(|ch| ch.is_ascii_alphanumeric());
            let named = ev
                .occurrences(&format!("p{n}"))
                .any(|o| !glued(o.before(0)) && !o.after(0).is_some_and(|ch| ch.is_ascii_digit()))
                || ev.find_text(&format!("{n}th percentile")).is_some();
            return Some(if named {
                Outcome::supported(None)
            } else {
                Outcome::contradicted()
            });
        }
        // A rank ("2nd of 6", "Gap to 1st"): a position in a list of the evidence, not a
        // quantity any record holds. Supported within the longest list's length (which list
        // orders what is not known); beyond it, it may be a day of the month ("the 29th"),
        // left to the other checks.
        if ordinal_suffix(&answer[item.end..])
            && item.text.chars().all(|ch| ch.is_ascii_digit())
            && (1..=ev.value_counts().longest_list()).contains(&(c.value as usize))
        {
            return Some(Outcome::supported(None));
        }
        // The base of a rate ("each $1 of spend brought back $3.49", "per 1,000 impressions"):
        // one unit of what the rate is per, not a quantity of the evidence.
        let base = [1.0, 10.0, 100.0, 1000.0].contains(&(c.value * c.magnitude));
        if base
            && before
                .rsplit(|ch: char| !ch.is_alphabetic())
                .next()
                .is_some_and(|w| matches!(w, "each" | "every" | "per"))
        {
            return Some(Outcome::supported(None));
        }
        // The size of a selection ("Top 3 stores:", "the bottom 2 by revenue"): how many the
        // answer chose to show, not a count of the evidence — within the longest list's length.
        let selection = answer[..item.start]
            .trim_end_matches(['*', ' '])
            .rsplit(|ch: char| !ch.is_alphabetic())
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("top") || w.eq_ignore_ascii_case("bottom"));
        if selection
            && item
                .text
                .chars()
                .next()
                .is_some_and(|ch| ch.is_ascii_digit())
            && c.currency.is_empty()
            && c.unit.is_empty()
            && (1..=ev.value_counts().longest_list()).contains(&(c.value as usize))
        {
            return Some(Outcome::supported(None));
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
                return Some(Outcome::supported(None));
            }
        }
        // The whole a part is counted of ("15 of 42 used", "1 load of your 4"): the words after
        // it are the part's ("used" is what the 15 are), so it is matched as the value it is,
        // with no noun: a value the evidence states or the length of a list.
        // A noun that names a list ("1 of 4 tasks") makes it a count of that list, judged
        // below.
        if part_of_whole(&answer[..item.start]) && c.currency.is_empty() {
            let n = c.value * c.magnitude;
            let sentence = &self.sentence;
            let counts_a_list = c.noun.as_ref().is_some_and(|noun| {
                ev.list_lengths
                    .iter()
                    .any(|(k, _)| names_field(k, noun, sentence))
            });
            if !counts_a_list {
                if let Some(&(_, d, s, e, _)) = ev.numbers.iter().find(|x| x.0 == n) {
                    return Some(Outcome::supported(Some((d, s, e))));
                }
                if ev.list_lengths.iter().any(|(_, len)| *len as f64 == n) {
                    return Some(Outcome::supported(None));
                }
            }
        }
        // The scale of a score ("44/100", "4 out of 5"): a denominator of ten, a hundred or
        // five is the scale's, not a quantity of the evidence.
        let scale = [5.0, 10.0, 100.0, 1000.0].contains(&(c.value * c.magnitude));
        if scale
            && (before.ends_with("out of")
                || before.ends_with('/')
                    && before[..before.len() - 1].ends_with(|ch: char| ch.is_ascii_digit()))
        {
            return Some(Outcome::supported(None));
        }
        // The amount of a worked example ("For example, withdrawing $300 would cost $5.50"):
        // the first number of a sentence that opens with "for example" / "for instance" is
        // the example's own; what it yields is checked.
        let opening = answer
            [super::super::states::whole_sentence_start(answer, item.start)..item.start]
            .trim_start()
            .to_ascii_lowercase();
        if (opening.starts_with("for example") || opening.starts_with("for instance"))
            && !opening.contains(|ch: char| ch.is_ascii_digit())
        {
            return Some(Outcome::supported(None));
        }
        // A value of a worked example's condition ("In practice: if you withdraw $300 on a
        // Sunday, …") is the example's own.
        if example_premise(answer, item.start)
            .is_some_and(|(ps, pe)| ps <= item.start && item.end <= pe)
        {
            return Some(Outcome::supported(None));
        }
        // "56,000 m³ (56 megalitres)": the same quantity in another unit.
        if super::super::measures::restated(answer, item, c, facts)
            || super::super::measures::compound_restated(answer, item, c, facts)
        {
            return Some(Outcome::supported(None));
        }
        if ordinal_of_period(ev, answer, item, c) {
            return Some(Outcome::supported(None));
        }
        None
    }
}
