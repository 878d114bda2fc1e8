//! Spoken forms: an answer written to be read aloud (a voice agent's text-to-speech script)
//! spells out what other answers write in digits — "eighteen thousand fifty-eight dollars and
//! eleven cents", "March twenty-ninth", "twenty twenty-nine", "a quarter past two in the
//! afternoon", "thirteen point three", "H as in Hotel, B as in Bravo, 7, dash, 0-1-9-4…".
//! [`normalize`] rewrites those forms into the written ones the rest of Stage 2 reads
//! ("$18058.11", "March 29", "2029", "2:15 PM", "13.3", "HB7-0194…") and keeps a map from the
//! rewritten text back to the answer, so every offset a report gives is still the answer's.
//!
//! The rewrite is grammatical (English number words, ordinals, month names, clock phrases,
//! the spelling alphabet's "X as in Word"), never domain vocabulary. A single count word of
//! one to twelve ("three nights") is left as written: the count checks read those already.

use crate::text::{NUMBER_TENS as TENS, NUMBER_UNITS as UNITS};

use super::rewrite::Rewritten;

#[derive(Debug, Clone, Copy)]
struct Tok {
    s: usize,
    e: usize,
}

const ORDINAL_UNITS: [&str; 20] = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
];
const ORDINAL_TENS: [&str; 8] = [
    "twentieth",
    "thirtieth",
    "fortieth",
    "fiftieth",
    "sixtieth",
    "seventieth",
    "eightieth",
    "ninetieth",
];

/// A number below one hundred written as one word ("seven", "forty", "forty-three"),
/// lower-case.
pub(super) fn small(w: &str) -> Option<u64> {
    if let Some(i) = UNITS.iter().position(|u| *u == w) {
        return Some(i as u64);
    }
    if let Some(i) = TENS.iter().position(|t| *t == w) {
        return Some(20 + 10 * i as u64);
    }
    let (t, u) = w.split_once('-')?;
    let t = TENS.iter().position(|x| *x == t)?;
    let u = UNITS[1..10].iter().position(|x| *x == u)?;
    Some(20 + 10 * t as u64 + u as u64 + 1)
}

/// An ordinal below one hundred written as one word ("twelfth", "twenty-ninth").
fn ordinal(w: &str) -> Option<u64> {
    if let Some(i) = ORDINAL_UNITS.iter().position(|u| *u == w) {
        return Some(i as u64);
    }
    if let Some(i) = ORDINAL_TENS.iter().position(|t| *t == w) {
        return Some(20 + 10 * i as u64);
    }
    let (t, u) = w.split_once('-')?;
    let t = TENS.iter().position(|x| *x == t)?;
    let u = ORDINAL_UNITS[1..10].iter().position(|x| *x == u)?;
    Some(20 + 10 * t as u64 + u as u64 + 1)
}

fn scale(w: &str) -> Option<u64> {
    match w {
        "thousand" => Some(1_000),
        "million" => Some(1_000_000),
        "billion" => Some(1_000_000_000),
        _ => None,
    }
}

fn month(w: &str) -> bool {
    super::dates::MONTHS.contains(&w)
}

/// A single digit written as a word, in a read-out code ("eight five two").
fn digit_word(w: &str) -> Option<u64> {
    match w {
        "oh" => Some(0),
        _ => small(w).filter(|&v| v <= 9),
    }
}

struct Scanner<'a> {
    text: &'a str,
    toks: Vec<Tok>,
    lower: Vec<String>,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
        let re = RE.get_or_init(|| {
            regex::Regex::new(r"[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*").expect("token regex")
        });
        let toks: Vec<Tok> = re
            .find_iter(text)
            .map(|m| Tok {
                s: m.start(),
                e: m.end(),
            })
            .collect();
        let lower = toks
            .iter()
            .map(|t| text[t.s..t.e].to_ascii_lowercase().replace('’', "'"))
            .collect();
        Scanner { text, toks, lower }
    }

    fn w(&self, i: usize) -> &str {
        self.lower.get(i).map_or("", String::as_str)
    }

    fn raw(&self, i: usize) -> &str {
        self.toks.get(i).map_or("", |t| &self.text[t.s..t.e])
    }

    /// The text between token `i - 1` and token `i`.
    fn sep(&self, i: usize) -> &str {
        match (
            i.checked_sub(1).and_then(|p| self.toks.get(p)),
            self.toks.get(i),
        ) {
            (Some(a), Some(b)) => &self.text[a.e..b.s],
            _ => "",
        }
    }

    /// Tokens `i - 1` and `i` are separated by spaces only.
    fn spaced(&self, i: usize) -> bool {
        let s = self.sep(i);
        !s.is_empty() && s.chars().all(|c| c == ' ')
    }

    /// A cardinal number from token `i`: its value, the token after it, and whether it is a
    /// lone count word of one to twelve.
    fn cardinal(&self, i: usize) -> Option<(f64, usize, bool)> {
        let mut total: u64 = 0;
        let mut cur: u64 = 0;
        let mut j = i;
        let mut after_small = false;
        let mut words = 0;
        let mut scaled = false;
        loop {
            if j > i && !self.spaced(j) {
                break;
            }
            let w = self.w(j);
            if let Some(v) = small(w) {
                if after_small {
                    break;
                }
                cur += v;
                after_small = true;
            } else if w == "hundred" && words > 0 {
                cur = cur.max(1) * 100;
                after_small = false;
                scaled = true;
            } else if let Some(s) = scale(w).filter(|_| words > 0) {
                total += cur.max(1) * s;
                cur = 0;
                after_small = false;
                scaled = true;
            } else if w == "a" && j == i && matches!(self.w(j + 1), "hundred" | "thousand") {
                words += 1;
                j += 1;
                let w2 = self.w(j);
                if w2 == "hundred" {
                    cur = 100;
                } else {
                    total = 1_000;
                    cur = 0;
                }
                scaled = true;
                after_small = false;
            } else if w == "and"
                && scaled
                && !after_small
                && small(self.w(j + 1)).is_some()
                && self.spaced(j + 1)
            {
                // "one hundred and fifty"
            } else {
                break;
            }
            words += 1;
            j += 1;
        }
        if words == 0 || (words == 1 && self.w(i) == "a") {
            return None;
        }
        let mut value = (total + cur) as f64;
        let lone_count = words == 1 && (1..=12).contains(&(total + cur)) && !scaled;
        let mut changed = !lone_count;
        // "thirteen point three", "two point one"
        if self.w(j) == "point" && self.spaced(j) && digit_word(self.w(j + 1)).is_some() {
            let mut k = j + 1;
            let mut frac = String::new();
            while k < self.toks.len() && self.spaced(k) {
                match digit_word(self.w(k)) {
                    Some(d) => {
                        frac.push(char::from(b'0' + d as u8));
                        k += 1;
                    }
                    _ => break,
                }
            }
            if let Ok(f) = format!("0.{frac}").parse::<f64>() {
                value += f;
                j = k;
                changed = true;
            }
        }
        // "two and a half"
        if self.w(j) == "and"
            && self.w(j + 1) == "a"
            && matches!(self.w(j + 2), "half" | "quarter")
            && self.spaced(j)
            && self.spaced(j + 1)
            && self.spaced(j + 2)
        {
            value += if self.w(j + 2) == "half" { 0.5 } else { 0.25 };
            j += 3;
            changed = true;
        }
        Some((value, j, !changed))
    }
}

fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{}", v as u64)
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// Whether `answer` may hold a spoken form (a number word, an ordinal, "as in", "dash"):
/// a cheap test before the evidence is gathered for [`normalize`].
pub(super) fn may_have_spoken_forms(answer: &str) -> bool {
    let lower = answer.to_ascii_lowercase();
    lower.split(|c: char| !c.is_ascii_alphabetic()).any(|w| {
        small(w).is_some_and(|v| v >= 13 || v == 0)
            || ordinal(w).is_some()
            || matches!(
                w,
                "hundred"
                    | "thousand"
                    | "million"
                    | "point"
                    | "half"
                    | "quarter"
                    | "clock"
                    | "dash"
                    | "dollars"
                    | "cents"
            )
    }) || lower.contains(" as in ")
}

/// Rewrite the spoken forms of `answer`; `None` when it has none. A phrase the evidence
/// itself spells (`evidence_lower`, lower-cased: "thirty hotels") stays as written, and so
/// does a capitalized number word before another capitalized word (a name: "Seventeen
/// Bridges").
pub(super) fn normalize(answer: &str, evidence_lower: &str) -> Option<Rewritten> {
    let sc = Scanner::new(answer);
    let n = sc.toks.len();
    let mut out = String::with_capacity(answer.len());
    let mut edits = Vec::new();
    let mut copied = 0usize;
    let mut i = 0usize;
    while i < n {
        if let Some((j, repl)) = id_run(&sc, i)
            .or_else(|| clock(&sc, i))
            .or_else(|| money(&sc, i))
            .or_else(|| date_ordinal(&sc, i))
            .or_else(|| year(&sc, i))
            .or_else(|| number(&sc, i))
        {
            let (os, oe) = (sc.toks[i].s, sc.toks[j - 1].e);
            let name = sc.raw(i).starts_with(|c: char| c.is_ascii_uppercase())
                && sc.raw(j).starts_with(|c: char| c.is_ascii_uppercase())
                && sc.spaced(j)
                && !repl.contains(|c: char| c.is_ascii_uppercase());
            if name || evidence_lower.contains(&answer[os..oe].to_ascii_lowercase()) {
                i += 1;
                continue;
            }
            out.push_str(&answer[copied..os]);
            let ns = out.len();
            out.push_str(&repl);
            edits.push((os, oe, ns, out.len()));
            copied = oe;
            i = j;
        } else {
            i += 1;
        }
    }
    if edits.is_empty() {
        return None;
    }
    out.push_str(&answer[copied..]);
    Some(Rewritten::new(out, edits))
}

/// A code read out character by character: single capital letters (or "X as in Word"),
/// digits, digit words, "dash" and digit chains ("0-1-9-4"), separated by commas or spaces,
/// with a letter or a dash among them.
fn id_run(sc: &Scanner, i: usize) -> Option<(usize, String)> {
    let mut j = i;
    let mut out = String::new();
    let mut atoms = 0;
    let mut lettered = false;
    let mut spelled = false;
    while j < sc.toks.len() {
        if j > i {
            let sep = sc.sep(j);
            if !(sep == " " || sep == ", " || sep == "-") {
                break;
            }
        }
        let raw = sc.raw(j);
        let w = sc.w(j);
        if raw.len() == 1 && raw.chars().all(|c| c.is_ascii_uppercase()) {
            out.push_str(raw);
            lettered = true;
            // "H as in Hotel"
            if sc.w(j + 1) == "as"
                && sc.w(j + 2) == "in"
                && sc.raw(j + 3).starts_with(|c: char| c.is_ascii_uppercase())
                && sc.raw(j + 3).to_ascii_lowercase().starts_with(w)
                && sc.spaced(j + 1)
                && sc.spaced(j + 2)
                && sc.spaced(j + 3)
            {
                j += 4;
                spelled = true;
            } else {
                j += 1;
            }
        } else if w == "dash" || w == "hyphen" {
            out.push('-');
            lettered = true;
            j += 1;
        } else if raw.chars().all(|c| c.is_ascii_digit() || c == '-')
            && raw.split('-').all(|p| p.len() == 1)
        {
            out.extend(raw.chars().filter(char::is_ascii_digit));
            j += 1;
        } else if let Some(d) = digit_word(w).filter(|_| w != "oh") {
            out.push(char::from(b'0' + d as u8));
            j += 1;
        } else {
            break;
        }
        atoms += 1;
    }
    // A letter spelled with its word ("V as in Victor") is read out on its own; otherwise
    // at least three characters in two atoms or more ("H, B, 7" or "V, 2-0-0-2-9").
    let read_out =
        spelled || atoms >= 2 && out.chars().filter(char::is_ascii_alphanumeric).count() >= 3;
    (read_out && lettered && out.chars().any(|c| c.is_ascii_alphanumeric())).then_some((j, out))
}

/// A clock time: "a quarter past two", "half past nine", "a quarter to five", "three
/// thirty", "nine oh five", "four o'clock", each with what follows it ("p.m.", "in the
/// afternoon" → "PM").
fn clock(sc: &Scanner, i: usize) -> Option<(usize, String)> {
    let hour = |k: usize| small(sc.w(k)).filter(|h| (1..=12).contains(h));
    let (h, m, mut j) = if sc.w(i) == "a"
        && sc.w(i + 1) == "quarter"
        && matches!(sc.w(i + 2), "past" | "after" | "to")
    {
        let h = hour(i + 3)?;
        if sc.w(i + 2) == "to" {
            (if h == 1 { 12 } else { h - 1 }, 45, i + 4)
        } else {
            (h, 15, i + 4)
        }
    } else if sc.w(i) == "half" && sc.w(i + 1) == "past" {
        (hour(i + 2)?, 30, i + 3)
    } else {
        let h = hour(i)?;
        if sc.w(i + 1) == "o'clock" {
            (h, 0, i + 2)
        } else if sc.w(i + 1) == "oh" && sc.spaced(i + 1) {
            let d = digit_word(sc.w(i + 2)).filter(|d| *d > 0)?;
            (h, d, i + 3)
        } else if let Some(m) =
            small(sc.w(i + 1)).filter(|m| (10..60).contains(m) && sc.spaced(i + 1))
        {
            (h, m, i + 2)
        } else {
            (h, u64::MAX, i + 1)
        }
    };
    // What follows makes it a time: "a.m."/"p.m.", "in the morning", "o'clock" (above), or
    // the clock phrase itself.
    let phrase = m != u64::MAX && (sc.w(i) == "a" || sc.w(i) == "half" || sc.w(j - 1) == "o'clock");
    let meridiem = match (sc.w(j), sc.w(j + 1)) {
        ("a", "m") | ("am", _) => Some(""),
        ("p", "m") | ("pm", _) => Some(""),
        _ => None,
    };
    let part = if sc.w(j) == "in" && sc.w(j + 1) == "the" {
        match sc.w(j + 2) {
            "morning" => Some(" AM"),
            "afternoon" | "evening" => Some(" PM"),
            _ => None,
        }
    } else if sc.w(j) == "at" && sc.w(j + 1) == "night" {
        Some(" PM")
    } else {
        None
    };
    if meridiem.is_none() && part.is_none() && !phrase {
        return None;
    }
    let m = if m == u64::MAX { 0 } else { m };
    let mut s = format!("{h}:{m:02}");
    if let Some(p) = part {
        s.push_str(p);
        j += if sc.w(j) == "at" { 2 } else { 3 };
    }
    Some((j, s))
}

/// An amount in words: "<number> dollars [and <number> cents]", "<number> cents".
fn money(sc: &Scanner, i: usize) -> Option<(usize, String)> {
    let (v, j, _) = sc.cardinal(i)?;
    let unit = sc.w(j);
    if !sc.spaced(j) {
        return None;
    }
    if matches!(unit, "dollars" | "dollar" | "bucks") {
        let mut k = j + 1;
        let mut cents = 0.0;
        if sc.w(k) == "and" && sc.spaced(k) {
            if let Some((c, k2, _)) = sc
                .cardinal(k + 1)
                .filter(|c| c.0 < 100.0 && c.0.fract() == 0.0)
            {
                if matches!(sc.w(k2), "cents" | "cent") && sc.spaced(k2) {
                    cents = c;
                    k = k2 + 1;
                }
            }
        }
        let total = v + cents / 100.0;
        return Some((
            k,
            if cents > 0.0 || v.fract() != 0.0 {
                format!("${total:.2}")
            } else {
                format!("${}", v as u64)
            },
        ));
    }
    if matches!(unit, "cents" | "cent") && v < 100.0 && v.fract() == 0.0 {
        return Some((j + 1, format!("${:.2}", v / 100.0)));
    }
    None
}

/// An ordinal day of a month: "March twenty-ninth" (the ordinal after a month name), "the
/// fourteenth of February" → "14 February".
fn date_ordinal(sc: &Scanner, i: usize) -> Option<(usize, String)> {
    // "twenty first" written apart
    let (d, j) = match ordinal(sc.w(i)) {
        Some(d) => (d, i + 1),
        None => {
            let t = small(sc.w(i)).filter(|t| *t >= 20 && t % 10 == 0)?;
            let u = ordinal(sc.w(i + 1)).filter(|u| (1..=9).contains(u) && sc.spaced(i + 1))?;
            (t + u, i + 2)
        }
    };
    if !(1..=31).contains(&d) {
        return None;
    }
    if i > 0 && month(sc.w(i - 1)) && sc.spaced(i) {
        return Some((j, d.to_string()));
    }
    if sc.w(j) == "of" && month(sc.w(j + 1)) && sc.spaced(j) && sc.spaced(j + 1) {
        return Some((j + 1, d.to_string()));
    }
    None
}

/// A year said as two numbers: "twenty twenty-nine" → 2029, "nineteen ninety-eight".
fn year(sc: &Scanner, i: usize) -> Option<(usize, String)> {
    let c = small(sc.w(i)).filter(|c| *c == 19 || *c == 20)?;
    let y = small(sc.w(i + 1)).filter(|y| (10..100).contains(y) && sc.spaced(i + 1))?;
    Some((i + 2, (c * 100 + y).to_string()))
}

/// Any other number in words but a lone count of one to twelve; "one forty-nine" (a digit
/// then two) is said for 149.
fn number(sc: &Scanner, i: usize) -> Option<(usize, String)> {
    let (v, j, lone) = sc.cardinal(i)?;
    if let (true, Some(b)) = (
        v.fract() == 0.0 && (1.0..=9.0).contains(&v) && j == i + 1,
        small(sc.w(j)).filter(|b| (10..100).contains(b) && sc.spaced(j)),
    ) {
        if !matches!(sc.w(j + 1), "hundred" | "thousand" | "million" | "point") {
            return Some((j + 1, (v as u64 * 100 + b).to_string()));
        }
    }
    (!lone).then(|| (j, fmt_num(v)))
}

#[cfg(test)]
mod tests {
    use super::normalize;

    fn norm(s: &str) -> String {
        normalize(s, "").map_or_else(|| s.to_owned(), |n| n.text)
    }

    #[test]
    fn spoken_numbers_amounts_dates_times_and_codes() {
        assert_eq!(
            norm("Duty comes to eighteen thousand fifty-eight dollars and eleven cents."),
            "Duty comes to $18058.11."
        );
        assert_eq!(
            norm("Total duty is forty-three hundred twenty dollars and forty cents."),
            "Total duty is $4320.40."
        );
        assert_eq!(
            norm("the last day is in twenty days, on March twenty-ninth."),
            "the last day is in 20 days, on March 29."
        );
        assert_eq!(
            norm("The benefit renews on the seventh of April, twenty twenty-nine."),
            "The benefit renews on the 7 April, 2029."
        );
        assert_eq!(
            norm("Your preferred time, a quarter past nine in the morning, is available."),
            "Your preferred time, 9:15 AM, is available."
        );
        assert_eq!(norm("at three thirty p.m. today"), "at 3:30 p.m. today");
        assert_eq!(
            norm("at least thirteen point three grams, in section two point one"),
            "at least 13.3 grams, in section 2.1"
        );
        assert_eq!(norm("takes two and a half hours"), "takes 2.5 hours");
        assert_eq!(norm("one hundred and fifty pounds"), "150 pounds");
        assert_eq!(
            norm("Your code is L as in Lima, B as in Bravo, dash, I as in India, 9, K as in Kilo."),
            "Your code is LB-I9K."
        );
        assert_eq!(
            norm("Entry H, B, seven, dash, eight five two eight seven seven two, dash, nine is on hold"),
            "Entry HB7-8528772-9 is on hold"
        );
        assert_eq!(
            norm("Entry H as in Hotel, B as in Bravo, 7, dash, 0-1-9-4-3-1-6, dash, 6 is filed"),
            "Entry HB7-0194316-6 is filed"
        );
        assert_eq!(
            norm("Your confirmation number is V as in Victor, 2-0-0-2-9."),
            "Your confirmation number is V20029."
        );
        assert_eq!(norm("Plan A, then B."), "Plan A, then B.");
        // Lone counts stay as written; so does prose without spoken forms.
        assert_eq!(
            norm("three nights for two adults"),
            "three nights for two adults"
        );
        assert!(normalize("Your order shipped on May 3 for $54.20.", "").is_none());
        // What the evidence spells, and a name, stay as written.
        assert_eq!(
            normalize(
                "It runs thirty hotels.",
                "it runs thirty hotels in seven countries."
            )
            .map(|n| n.text),
            None
        );
        assert_eq!(
            norm("| Seventeen Bridges | May 21 |"),
            "| Seventeen Bridges | May 21 |"
        );
    }

    #[test]
    fn offsets_map_back_to_the_answer() {
        let a = "Pay forty cents by March twenty-ninth, please.";
        let n = normalize(a, "").unwrap();
        assert_eq!(n.text, "Pay $0.40 by March 29, please.");
        let s = n.text.find("$0.40").unwrap();
        assert_eq!(&a[n.orig_start(s)..n.orig_end(s + 5)], "forty cents");
        let d = n.text.find("29").unwrap();
        assert_eq!(&a[n.orig_start(d)..n.orig_end(d + 2)], "twenty-ninth");
        let p = n.text.find("please").unwrap();
        assert_eq!(&a[n.orig_start(p)..n.orig_end(p + 6)], "please");
        assert_eq!(&a[n.orig_start(0)..n.orig_end(3)], "Pay");
    }
}
