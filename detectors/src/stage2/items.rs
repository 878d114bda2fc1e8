//! Checkable items of a claim ([`Item`], of a [`ItemKind`]), the regular expressions that
//! find them ([`re`]), the reading of their values (numbers, times, dates, relative days) and
//! their extraction from one claim ([`extract`]).

use super::claim_type::label_span;
use super::entities::entity_stop;
use super::evidence::Evidence;
use super::numbers::{approx_words_before, decimals, noun_before, ClaimNumber};
use super::states::{explicit_state_frame, is_participle, state_frame, StateFrame};
use super::terms::strip_clitic;
use regex::Regex;
use std::sync::OnceLock;

pub(super) use super::item_kind::ItemKind;

#[derive(Debug, Clone)]
pub(super) struct Item {
    pub(super) kind: ItemKind,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) text: String,
}

pub(super) fn re() -> &'static Regexes {
    static R: OnceLock<Regexes> = OnceLock::new();
    R.get_or_init(Regexes::new)
}

pub(super) struct Regexes {
    url: Regex,
    email: Regex,
    ident: Regex,
    unit_number: Regex,
    section: Regex,
    pub(super) number: Regex,
    /// [`Regexes::number`] for JSON: no decimal comma.
    pub(super) number_json: Regex,
    pub(super) time: Regex,
    pub(super) time_hhmm: Regex,
    pub(super) iso_time: Regex,
    pub(super) date_text: Regex,
    /// A number between underscores in a JSON key: `"randomized_last_8_weeks":`, `"days_30":`,
    /// `"window_30d":`.
    pub(super) key_number: Regex,
    entity: Regex,
    action: Regex,
    pub(super) non_factual: Regex,
    /// "Took a look at that for you.", "I had a quick look." — a whole sentence of talk.
    pub(super) looked: Regex,
    duration: Regex,
    compact_duration: Regex,
    hex_pairs: Regex,
    clause: Regex,
    quoted: Regex,
    pub(super) own_past: Regex,
    pub(super) advice: Regex,
    pub(super) own_working: Regex,
    relative_day: Regex,
    pub(super) change_from: Regex,
}

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

impl Regexes {
    fn new() -> Self {
        Regexes {
            url: Regex::new(r#"(?i)\b(?:https?://|www\.)[^\s<>"'`)\]]+[^\s<>"'`).,;:!?\]]"#).unwrap(),
            email: Regex::new(r"(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b").unwrap(),
            ident: Regex::new(r"(?x)
                \bv\d+(?:\.\d+)+\b
              | \b\d+(?:\.\d+){2,}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?\b
              | \#\d+\b
              | \b[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]\b
              | \b[a-z0-9]+(?:[_-][a-z0-9]+)*\.(?:py|rs|js|ts|tsx|md|json|ya?ml|toml|txt|csv|sql|go|java|rb|sh|cfg|ini|log|html|css)\b
              | (?:\b[\w.-]+)?(?:/[\w.-]+){2,}/?
            ").unwrap(),
            unit_number: Regex::new(r"(?i)^\d+(?:\.\d+)?(?:st|nd|rd|th|am|pm|k|m|bn|km|mi|kg|lbs?|h|hrs?|min|mins|s|ms|gb|mb|kb|tb|x|c|f|mph|kph|kmh|d|w|y|yr|yrs|t|l|ml|g|oz)$").unwrap(),
            section: Regex::new(r"(?i)(?:\b(?:section|sec\.|clause|article|paragraph|para\.|chapter|appendix|step|rule|page)|§)\s*(?-i:\d[\dA-Za-z]*|[A-Z]{1,4}\b)(?:[.(][\dA-Za-z]+\)?)*").unwrap(),
            number: number_regex(true),
            number_json: number_regex(false),
            // 12-hour times ("2:30 PM", "2pm", "5.00pm" as British and Australian English write
            // it, and with minutes the one-letter suffix of terse consoles: "7:45p", "10:10a"),
            // 24-hour times, and "18h00".
            time: Regex::new(r"(?i)\b(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s?(?P<ap>a\.?m\.?|p\.?m\.?)|\b(?P<hs>1[0-2]|0?[1-9]):(?P<ms>[0-5]\d)(?P<aps>[ap])\b|\b(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)Z?\b|\b(?P<hh>[01]?\d|2[0-3])h(?P<mh>[0-5]\d)\b").unwrap(),
            // A 24-hour time without a colon ("0915", "1430"): read as a time only in an answer
            // and only where its writing says so ([`hhmm_time`]).
            time_hhmm: Regex::new(r"\b(?P<hc>[01]\d|2[0-3])(?P<mc>[0-5]\d)\b").unwrap(),
            iso_time: Regex::new(r"(?:T|\b)(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?::\d{2})?").unwrap(),
            // A date as prose writes it ("Tuesday, April 14", "14th of April 2026") or in a
            // numeric form: ISO ("2026-04-14", "2026-04-14 (Tue)"), month/day/year with a
            // four- or two-digit year ("4/14/2026", "4/14/26"), day-month-year with the
            // month's name ("14-Apr-2026") or dotted ("22.06.2026", always day first).
            // [`date_parts`] reads every form.
            date_text: Regex::new(r"(?ix)
                \b(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?,?\s+)?
                (?:
                   (?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(?P<year>\d{4}))?
                 | (?P<day2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?:,?\s+(?P<year2>\d{4}))?
                 | (?:
                       (?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})
                     | (?P<sm>\d{1,2})/(?P<sd>\d{1,2})/(?P<sy>\d{4}|\d{2})\b
                     | (?P<hd>\d{1,2})-(?P<hmon>jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)-(?P<hy>\d{4}|\d{2})\b
                     | (?P<dd>\d{1,2})\.(?P<dm>\d{1,2})\.(?P<dy>(?:19|20)\d{2})\b
                   )
                   (?:\s?\((?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\))?
                )
                # A month/day (or day/month) without a year is a date only where a weekday or a
                # relative day names it as one (Tue 3/17, this Fri (20/2), tomorrow (6/10),
                # in 8 days (3/7), 31/3 (next Tue), 14/4 (in 3 days)): elsewhere 3/4 is a
                # fraction and 8/10 a score.
                | \b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+\(?(?P<wm>3[01]|[12]\d|0?[1-9])/(?P<wd>3[01]|[12]\d|0?[1-9])\b\)?
                | \b(?:today|tonight|tomorrow|yesterday|days?|weeks?|date)\s+\((?P<pm>3[01]|[12]\d|0?[1-9])/(?P<pd>3[01]|[12]\d|0?[1-9])\)
                | \b(?P<fm>3[01]|[12]\d|0?[1-9])/(?P<fd>3[01]|[12]\d|0?[1-9])\s+\((?:(?:next|this|last)\s+)?(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?|today|tonight|tomorrow|yesterday|in\s+\d{1,3}\s+days?|\d{1,3}\s+days?\s+(?:ago|from\s+now))\)
                # A weekday and an ordinal day of the month (Friday 13th): a day of a month
                # the sentence does not name.
                | \b(?P<odw>mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+(?P<od>3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)\b
                ").unwrap(),
            key_number: Regex::new(r#""(?:[A-Za-z]+_)+(?P<num>\d{1,4})(?:_[A-Za-z]+)*[A-Za-z]{0,3}"\s*:"#).unwrap(),
            entity: Regex::new(r"\b[A-Z][a-zA-Z'’&.-]*[a-z][a-zA-Z'’&-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][a-zA-Z'’&-]+)*(?:\s[A-Z]\.)?|\b[A-Z]{2,6}\b").unwrap(),
            action: Regex::new(r"(?i)\bI(?:'ve|’ve| have| just| already|'ll|’ll| will| went ahead and)?\s+(?:also\s+|already\s+|just\s+|gone ahead and\s+)?(?P<verb>sent|emailed|booked|cancell?ed|created|updated|filed|scheduled|rescheduled|refunded|notified|escalated|opened|closed|submitted|reset|changed|added|removed|deleted|forwarded|messaged|reserved|ordered|placed|assigned|merged|commented|posted|flagged|reported|contacted|applied|issued|initiated|processed|saved|exported|shared|moved|renamed|locked|labeled|labelled|rebooked|upgraded|paid|logged|raised)\b").unwrap(),
            non_factual: Regex::new(r"(?i)^(?:(?:just|so|and|but|please|also)\s+)?(?:sure|certainly|of course|absolutely|great|okay|ok|got it|(?:i'?d be |i'?m |we'?re )?(?:happy|glad) to|(?:you'?re |you are )?(?:always )?welcome to|no problem|here(?:'s| is| are) (?:what|the (?:latest|details|summary|status|result))|let me know|hope (?:this|that) helps|feel free|thanks|thank you|good news|unfortunately|i hope|anything else|is there anything|good question|great question)\b[^.!?]*[.!?:]?$|^(?:[a-z]+,\s+)?here(?:'s|’s| is| are)\s+(?:the|your|a|an|where|how)\b(?:\s+[a-z'’]+){0,3}\s*[.:!]?$").unwrap(),
            looked: Regex::new(r"(?i)^(?:i(?:'ve| have)? )?(?:took|had) a (?:quick )?look(?: (?:at|into) (?:that|this|it|them))?(?: for you)?[.!]?$").unwrap(),
            change_from: Regex::new(r"(?i)\b(?P<verb>up|down|increased|decreased|rose|fell|grew|dropped|climbed|declined)\s+from\b").unwrap(),
            relative_day: Regex::new(r"(?i)\b(?:(?:the\s+)?day\s+after\s+tomorrow|(?:the\s+)?day\s+before\s+yesterday|today|tonight|tomorrow|yesterday)\b").unwrap(),
            own_past: Regex::new(r"(?i)\b(?:we|you)(?:'ve|’ve| have| just| already)?\s+(?:just\s+|already\s+)?(?:[a-z]+ed|went|saw|got|picked|chose|did|made|took)\b[^.,;:!?)—\n]*").unwrap(),
            // The agent's own recommendation ("but worth topping up", "so it's best not to
            // wait", "I'd recommend calling first"), to the end of its clause.
            advice: Regex::new(r"(?i)\b(?:(?:it['’]s|it is|it['’]d be|it would be)\s+)?(?:best|wise|advisable|a good idea|sensible)\s+(?:not\s+)?to\s+[^.;!?—\n]*|\b(?:to be (?:on the )?safe(?: side)?|just in case)\b[^.;!?—\n]*|\bworth\s+[a-z]+ing\b[^.;!?—\n]*|\bI(?:['’]d| would)?\s+(?:recommend|suggest)\b[^.;!?—\n]*").unwrap(),
            // The agent's account of its own working ("That's calculated from the word
            // counts", "This is based on the last 3 invoices"): about the answer, not the data.
            own_working: Regex::new(r"(?i)\b(?:that|this|it|these|those)(?:['’]s|['’]re| is| are| was| were)\s+(?:\w+\s+)?(?:calculated|computed|derived|based|worked out|estimated|rounded|averaged|taken)\s+(?:from|on|off|over|using|with)\b[^.;!?]*").unwrap(),
            quoted: Regex::new(r#"“[^”]{3,80}”|"[^"]{3,80}""#).unwrap(),
            clause: Regex::new(r"(?i)\b(?:due to|because(?: of)?|driven (?:mainly |largely |primarily |mostly )?by|as requested by|caused by|thanks to|owing to|as a result of|after (?:a|an|the) [a-z]+ (?:issue|problem|delay))\s+[^.,;!?]+").unwrap(),
            // The compact durations of consoles and CI logs: "20m 43s", "1h 2m 3s", "4m07s" (in
            // seconds) and "2d 4h" (in hours).
            // Colon-separated hex pairs: a certificate fingerprint, a MAC address
            // ("3A:1F:09:22:…", "00:1b:44:11:3a:b7"), read as one identifier before any time.
            hex_pairs: Regex::new(r"\b[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){3,}\b").unwrap(),
            compact_duration: Regex::new(r"\b(?:(?:(?P<h>\d+)h\s?)?(?P<m>\d+)m\s?(?P<s>[0-5]?\d)s|(?P<d>\d+)d\s?(?P<dh>1\d|2[0-3]|0?\d)h)\b").unwrap(),
            duration: Regex::new(r"(?i)\b(?P<h>\d+)\s*(?:hours?|hrs?|h)\s*(?:and\s*)?(?P<m>\d+)\s*(?:minutes?|mins?|m)\b").unwrap(),
        }
    }
}

/// The number pattern: an optional currency before (`cur`) or after (`cur2`) it, the number
/// (`num`, its fraction included), a magnitude word or an area unit, a unit. With `european`, a
/// decimal comma is read too — "0,13 €", "45,00 €", "1.120,60 €", "0,8537" (a comma before one,
/// two or four and more digits, or after dot-grouped thousands); "8,620" stays eight thousand
/// six hundred and twenty; and Indian grouping ("1,25,000"). JSON is read without it ("[1,25]"
/// is two numbers). Rupees are written "₹", "Rs." or "INR" before the amount.
fn number_regex(european: bool) -> Regex {
    // Prose also groups digits the Indian way ("1,25,000": lakhs, then thousands).
    let eu = if european {
        r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d+|\d+,(?:\d{1,2}|\d{4,})\b|"
    } else {
        ""
    };
    Regex::new(&format!(
        r"(?ix)
                (?P<cur>[$€£¥₹]|\brs\.?|\binr\b)?\s?
                \b(?P<num>{eu}\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<minor>p\b|¢)?
                (?:\s?(?:(?P<area>m²|ft²|sq\.?\s?(?:ft|m)\b|square\s(?:feet|foot|met(?:er|re)s?)\b)|(?P<volume>m³|cubic\smet(?:er|re)s?\b)|(?P<mag>thousand|million|billion|trillion|k|m|bn|lakhs?|lacs?|crores?)\b))?
                (?:\s?(?P<unit>%|percent\b|per\scent\b|°\s?[CF]\b|degrees?(?:\s?(?:celsius|fahrenheit|[CF]))?\b|km/h|kph\b|mph\b|kilometers\b|kilometres\b|km\b|miles\b|mi\b|kgs?\b|quintals?\b|lbs?\b|pounds\b|minutes?\b|mins?\b|hours?\b|hrs?\b|h\b|days?\b|weeks?\b|months?\b|years?\b|seconds?\b|secs?\b|ms\b|gb\b|mb\b|tb\b|kb\b|[kmgt]ib\b|kwh?\b|mwh?\b|gwh?\b|[kmg]hz\b|psi\b|kpa\b|bar\b|inch(?:es)?\b|cm\b|mm\b|feet\b|foot\b|ft\b|met(?:er|re)s?\b|gallons?\b|gal\b|lit(?:er|re)s?\b|ltrs?\b|megalit(?:er|re)s?\b|hectares?\b|ha\b|acres?\b))?
                (?:\s?(?P<cur2>€|£))?"
    ))
    .unwrap()
}

/// Month, day and year of a `date_text` match, each when it reads ("April 14", "14 April 2026",
/// "2026-04-14", "4/14/26", "14-Apr-2026"). A numeric form is a date only with a month of 1–12
/// and a day of 1–31 (else all three are `None`: "AD 2020-20-12" is a code); a two-digit year
/// is of this century.
pub(super) fn date_parts(caps: &regex::Captures<'_>) -> (Option<u32>, Option<u32>, Option<i32>) {
    let num = |n: &str| caps.name(n).and_then(|x| x.as_str().parse::<i32>().ok());
    let year_of = |n: &str| num(n).map(|y| if y < 100 { 2000 + y } else { y });
    let numeric = if let Some(y) = num("iy") {
        Some((num("im"), num("id"), Some(y)))
    } else if caps.name("sm").is_some() {
        // Month first ("4/14/26"), unless only a day-first reading is a date ("24/03/2026");
        // both readings of an ambiguous one ("04/05/2026") are tried where it is checked.
        match (num("sm"), num("sd")) {
            (Some(a), Some(b)) if a > 12 && b <= 12 => Some((Some(b), Some(a), year_of("sy"))),
            (a, b) => Some((a, b, year_of("sy"))),
        }
    } else if let Some(m) = num("wm").or(num("pm")).or(num("fm")) {
        // Month first ("Tue 3/17"), unless only a day-first reading is a date ("Fri (20/2)");
        // both readings of an ambiguous one are tried where it is checked.
        match (m, num("wd").or(num("pd")).or(num("fd"))) {
            (a, Some(b)) if a > 12 && b <= 12 => Some((Some(b), Some(a), None)),
            (a, b) => Some((Some(a), b, None)),
        }
    } else if let Some(d) = num("dd") {
        Some((num("dm"), Some(d), num("dy")))
    } else if let Some(d) = num("od") {
        // A day of the month alone ("Friday 13th"): no month.
        return (None, Some(d as u32), None);
    } else if caps.name("hd").is_some() {
        let mon = caps.name("hmon").and_then(|x| month_index(x.as_str()));
        Some((mon.map(|m| m as i32), num("hd"), year_of("hy")))
    } else {
        None
    };
    if let Some((m, d, y)) = numeric {
        return match (m, d) {
            (Some(m @ 1..=12), Some(d @ 1..=31)) => (Some(m as u32), Some(d as u32), y),
            _ => (None, None, None),
        };
    }
    let mon = caps
        .name("mon")
        .or(caps.name("mon2"))
        .and_then(|x| month_index(x.as_str()));
    let day = caps
        .name("day")
        .or(caps.name("day2"))
        .and_then(|x| x.as_str().parse().ok());
    let year = caps
        .name("year")
        .or(caps.name("year2"))
        .and_then(|x| x.as_str().parse().ok());
    (mon, day, year)
}

/// Month and day of a date item's text ("Tuesday, April 14", "14 April 2026").
pub(super) fn month_day(text: &str) -> Option<(u32, u32)> {
    match date_parts(&re().date_text.captures(text)?) {
        (Some(mon), Some(day), _) => Some((mon, day)),
        _ => None,
    }
}

pub(super) fn month_index(s: &str) -> Option<u32> {
    let l = s.to_ascii_lowercase();
    MONTHS
        .iter()
        .position(|m| l.starts_with(m))
        .map(|p| p as u32 + 1)
}

/// The unit of a `number` regex match as written, an area unit in one spelling ("m²",
/// "sq ft"); empty when there is none.
pub(super) fn captured_unit(c: &regex::Captures<'_>) -> String {
    if let Some(a) = c.name("area") {
        let a = a.as_str().to_lowercase();
        return if a.contains("ft") || a.contains("fe") || a.contains("foot") {
            "sq ft".to_owned()
        } else {
            "m²".to_owned()
        };
    }
    if c.name("volume").is_some() {
        return "m³".to_owned();
    }
    c.name("unit")
        .map(|u| u.as_str().to_owned())
        .unwrap_or_default()
}

/// The currency symbol of a `number` match, before the number ("$12.50") or after it
/// ("12,50 €"); pence are pounds' ("2.6p"), cents dollars' ("99¢").
pub(super) fn captured_currency<'a>(c: &regex::Captures<'a>) -> &'a str {
    match c.name("minor").map(|m| m.as_str()) {
        Some("¢") => return "$",
        Some(_) => return "£",
        None => {}
    }
    match c.name("cur").or_else(|| c.name("cur2")).map(|x| x.as_str()) {
        // "Rs.", "Rs", "INR" and "₹" are one currency.
        Some(x) if x.len() > 1 && x.is_ascii() => "₹",
        Some(x) => x,
        None => "",
    }
}

/// Value of a `number` regex match: the integer part and its `frac` digits.
pub(super) fn captured_value(c: &regex::Captures<'_>) -> Option<f64> {
    let num = c.name("num")?.as_str();
    match european_split(num) {
        Some((int, frac)) => format!("{}.{frac}", int.replace('.', "")).parse().ok(),
        None => parse_num(num),
    }
}

/// The fraction digits of a `number` match ("50" of "$12.50" and of "12,50 €").
pub(super) fn captured_frac<'a>(c: &regex::Captures<'a>) -> Option<&'a str> {
    let num = c.name("num")?.as_str();
    match european_split(num) {
        Some((_, frac)) => Some(frac),
        None => num.split_once('.').map(|(_, f)| f),
    }
}

/// A number written with a decimal comma ("1.120,60", "0,13"): its integer part and fraction.
/// A comma before exactly three digits groups thousands ("8,620").
fn european_split(num: &str) -> Option<(&str, &str)> {
    let (int, frac) = num.rsplit_once(',')?;
    (frac.bytes().all(|b| b.is_ascii_digit()) && (frac.len() != 3 || int.contains('.')))
        .then_some((int, frac))
}

/// Multiplier of a `number` match's magnitude word ("1.2 million").
pub(super) fn captured_magnitude(c: &regex::Captures<'_>) -> f64 {
    // Pence and cents glued to the number ("2.6p", "99¢") are hundredths of the currency.
    if c.name("minor").is_some() {
        return 0.01;
    }
    match c
        .name("mag")
        .map(|m| m.as_str().to_ascii_lowercase())
        .as_deref()
    {
        Some("thousand") | Some("k") => 1e3,
        Some("million") | Some("m") => 1e6,
        Some("billion") | Some("bn") => 1e9,
        Some("lakh" | "lakhs" | "lac" | "lacs") => 1e5,
        Some("crore" | "crores") => 1e7,
        Some("trillion") => 1e12,
        _ => 1.0,
    }
}

fn parse_num(s: &str) -> Option<f64> {
    s.replace(',', "").parse().ok()
}

pub(super) fn time_minutes(m: &regex::Captures<'_>) -> Option<u32> {
    if let Some(h) = m.name("h").or(m.name("hs")) {
        let mut h: u32 = h.as_str().parse().ok()?;
        let mi: u32 = m
            .name("m")
            .or(m.name("ms"))
            .map_or(Some(0), |x| x.as_str().parse().ok())?;
        if h == 0 || h > 12 || mi > 59 {
            return None;
        }
        let pm = m
            .name("ap")
            .or(m.name("aps"))
            .is_some_and(|a| a.as_str().to_ascii_lowercase().starts_with('p'));
        if h == 12 {
            h = 0;
        }
        if pm {
            h += 12;
        }
        Some(h * 60 + mi)
    } else {
        // "14:05", or "14h05" as much of Europe writes it.
        let h: u32 = m
            .name("h24")
            .or(m.name("hh"))
            .or(m.name("hc"))?
            .as_str()
            .parse()
            .ok()?;
        let mi: u32 = m
            .name("m24")
            .or(m.name("mh"))
            .or(m.name("mc"))?
            .as_str()
            .parse()
            .ok()?;
        Some(h * 60 + mi)
    }
}

/// The minutes after midnight of a time item's text, in any of the forms [`Regexes::time`] and
/// [`Regexes::time_hhmm`] read.
pub(super) fn item_time_minutes(text: &str) -> Option<u32> {
    let r = re();
    r.time
        .captures(text)
        .or_else(|| r.time_hhmm.captures(text))
        .and_then(|c| time_minutes(&c))
}

/// The months by their names, as a capitalized word writes them.
const MONTH_NAMES: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Whether the four digits at `start..end` of `text` are a 24-hour time written without a colon
/// ("at 0915", "0800–1200", "1430 hrs"): standing alone (no part of a code: "DK-SH-0426"), in a
/// range of two such numbers, after a temporal preposition or before "hrs". Elsewhere "1200" is a
/// quantity, "0848" the end of a card number and "1638" a year.
fn hhmm_time(text: &str, start: usize, end: usize) -> bool {
    let four = |s: &str| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit());
    let after = text[end..].trim_start_matches(' ');
    let before = text[..start].trim_end_matches(' ');
    let glued_before = text[..start]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '/' | '#' | '.' | ','));
    let glued_after = text[end..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '/'));
    let range_after = after
        .strip_prefix(['–', '-', '—'])
        .map(|a| a.trim_start_matches(' '))
        .is_some_and(|a| {
            a.get(..4).is_some_and(four) && !a[4..].starts_with(|c: char| c.is_ascii_digit())
        });
    let range_before = before
        .strip_suffix(['–', '-', '—'])
        .map(|b| b.trim_end_matches(' '))
        .is_some_and(|b| {
            b.len() >= 4 && b.is_char_boundary(b.len() - 4) && four(&b[b.len() - 4..])
        });
    let hours_after = after
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "hrs" | "hours" | "h"));
    let preposition = before
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "at" | "by" | "from" | "until" | "till" | "before" | "after" | "since" | "between"
            )
        });
    (range_after && !glued_before)
        || (range_before && !glued_after)
        || (!glued_before && !glued_after && (hours_after || preposition))
}

/// Day offset of a relative day word.
pub(super) fn relative_day_offset(w: &str) -> Option<i64> {
    let w = w.to_ascii_lowercase();
    let w = w.split_whitespace().collect::<Vec<_>>().join(" ");
    match w.trim_start_matches("the ") {
        "day after tomorrow" => Some(2),
        "day before yesterday" => Some(-2),
        "today" | "tonight" => Some(0),
        "tomorrow" => Some(1),
        "yesterday" => Some(-1),
        _ => None,
    }
}

/// (year, month, day) of a day count since 1970-01-01 (proleptic Gregorian; H. Hinnant).
pub(super) fn civil_from_days(z: i64) -> (i32, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = (yoe + era * 400 + i64::from(m <= 2)) as i32;
    (y, m, d)
}

pub(super) fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

/// The checkable items of one claim, with the byte spans (in the answer) they take.
pub(super) struct Extracted {
    pub(super) items: Vec<Item>,
    pub(super) numbers: Vec<(Item, ClaimNumber)>,
    pub(super) taken: Vec<(usize, usize)>,
}

/// Extract the checkable items of the claim `answer[cs..ce]`.
pub(super) fn extract(answer: &str, cs: usize, ce: usize, ev: &Evidence) -> Extracted {
    let r = re();
    let text = &answer[cs..ce];
    // A leading label ("**Current Item**:", "Total:") names what follows: its words
    // are not entities or states of their own.
    let label = label_span(text).map(|(s, e)| (cs + s, cs + e));
    let in_label = |s: usize| label.is_some_and(|(ls, le)| s >= ls && s < le);
    // Extract items (offsets relative to the answer).
    let mut items: Vec<Item> = Vec::new();
    let mut taken: Vec<(usize, usize)> = Vec::new();
    let push =
        |kind, s: usize, e: usize, items: &mut Vec<Item>, taken: &mut Vec<(usize, usize)>| {
            if taken.iter().any(|t| overlaps(*t, (s, e))) {
                return;
            }
            taken.push((s, e));
            items.push(Item {
                kind,
                start: s,
                end: e,
                text: answer[s..e].to_owned(),
            });
        };
    for m in r
        .url
        .find_iter(text)
        .chain(r.email.find_iter(text))
        .chain(r.hex_pairs.find_iter(text))
    {
        push(
            ItemKind::Identifier,
            cs + m.start(),
            cs + m.end(),
            &mut items,
            &mut taken,
        );
    }
    for m in r.section.find_iter(text) {
        push(
            ItemKind::Identifier,
            cs + m.start(),
            cs + m.end(),
            &mut items,
            &mut taken,
        );
    }
    for c in r.date_text.captures_iter(text) {
        let m = c.get(0).expect("match");
        if matches!(date_parts(&c), (Some(_), Some(_), _)) || c.name("od").is_some() {
            push(
                ItemKind::Date,
                cs + m.start(),
                cs + m.end(),
                &mut items,
                &mut taken,
            );
            // An ISO date-time ("2026-02-09T07:00Z", "2026-02-09T07:00:00+01:00"): the time
            // after the `T` is a time of its own.
            if c.name("iy").is_some() {
                if let Some(t) = text[m.end()..]
                    .strip_prefix('T')
                    .and_then(|rest| r.iso_time.find(rest))
                    .filter(|t| t.start() == 0)
                {
                    let rest = &text[m.end() + 1 + t.end()..];
                    // Its zone designator goes with it ("Z", "+01:00", "-0500").
                    let zone = if rest.starts_with('Z') {
                        1
                    } else {
                        let b = rest.as_bytes();
                        let digits = |r: std::ops::Range<usize>| {
                            b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit))
                        };
                        match b.first() {
                            Some(b'+' | b'-')
                                if digits(1..3) && b.get(3) == Some(&b':') && digits(4..6) =>
                            {
                                6
                            }
                            Some(b'+' | b'-') if digits(1..5) => 5,
                            _ => 0,
                        }
                    };
                    let s = cs + m.end() + 1;
                    push(
                        ItemKind::Time,
                        s,
                        s + t.end() + zone,
                        &mut items,
                        &mut taken,
                    );
                }
            }
        }
    }
    // Relative days are checkable when the run has a timestamp and the evidence dates.
    if ev.run_day.is_some() && !ev.dates.is_empty() {
        for m in r.relative_day.find_iter(text) {
            push(
                ItemKind::Date,
                cs + m.start(),
                cs + m.end(),
                &mut items,
                &mut taken,
            );
        }
    }
    for m in r.time.find_iter(text) {
        push(
            ItemKind::Time,
            cs + m.start(),
            cs + m.end(),
            &mut items,
            &mut taken,
        );
    }
    for m in r.time_hhmm.find_iter(text) {
        // Four digits the evidence writes as they are (a year, a part of a code) stay a number.
        if !ev.times.is_empty()
            && hhmm_time(text, m.start(), m.end())
            && ev.find_digits(m.as_str()).is_none()
        {
            push(
                ItemKind::Time,
                cs + m.start(),
                cs + m.end(),
                &mut items,
                &mut taken,
            );
        }
    }
    for m in r.ident.find_iter(text) {
        let t = m.as_str();
        // Counts written as one token ("3W-0D-1L") that name fields of a record: numbers.
        if super::tally::reads_as_tally(t, &ev.records) {
            push(
                ItemKind::Number,
                cs + m.start(),
                cs + m.end(),
                &mut items,
                &mut taken,
            );
            continue;
        }
        let is_token = t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '#');
        if is_token && !t.starts_with('#') {
            // A plain token is an identifier when it mixes letters and digits (AC1471,
            // ORD-88231, 1Z999AA1) or is snake_case code (`max_retries`), and is not
            // a number with a unit (20km, 5pm, 3rd).
            let digit = t.chars().any(|c| c.is_ascii_digit());
            let alpha = t.chars().any(|c| c.is_ascii_alphabetic());
            let snake = t.contains('_') && alpha;
            // A number joined to lower-case words by hyphens is a measurement or a
            // compound modifier ("28-inch", "3-day", "4-foot-tall", "2-year-old"), not a code.
            // An ordinal joined the same way is one too ("95th-percentile", "3rd-party").
            let measure = t.split_once('-').is_some_and(|(n, w)| {
                let digits = n.trim_end_matches(|c: char| c.is_ascii_alphabetic());
                let ordinal = matches!(&n[digits.len()..], "st" | "nd" | "rd" | "th");
                !digits.is_empty()
                    && digits.chars().all(|c| c.is_ascii_digit())
                    && (digits.len() == n.len() || ordinal)
                    && w.split('-')
                        .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()))
            });
            // The decimals of a number with a unit glued on ("2.6p per m³"): the match starts
            // after a digit and a decimal point.
            let decimals = {
                let mut back = text[..m.start()].chars().rev();
                matches!(back.next(), Some('.' | ','))
                    && back.next().is_some_and(|c| c.is_ascii_digit())
                    && t.starts_with(|c: char| c.is_ascii_digit())
            };
            if !(snake || (digit && alpha)) || r.unit_number.is_match(t) || measure || decimals {
                continue;
            }
        }
        // A rate per units written as a path ("$15.00/lot/day", "3/unit/month"): a number
        // (or its decimals), then lower-case words.
        let mut segments = t.split('/');
        let rate = t.contains('/')
            && segments.next().is_some_and(|n| {
                n.chars().any(|c| c.is_ascii_digit())
                    && n.chars()
                        .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
            })
            && segments.all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()));
        if rate {
            continue;
        }
        // Dot-grouped thousands with decimals ("12.345.678,90"): a number, not a version.
        let grouped = t.chars().all(|c| c.is_ascii_digit() || c == '.') && {
            let mut after = text[m.end()..].chars();
            after.next() == Some(',') && after.next().is_some_and(|c| c.is_ascii_digit())
        };
        if grouped {
            continue;
        }
        push(
            ItemKind::Identifier,
            cs + m.start(),
            cs + m.end(),
            &mut items,
            &mut taken,
        );
    }
    let mut numbers: Vec<(Item, ClaimNumber)> = Vec::new();
    // Durations as one number: the compact forms of consoles first ("20m 43s", "1h 2m 3s" in
    // seconds, "2d 4h" in hours), then "1 hour 5 minutes" in minutes.
    let compact = r.compact_duration.captures_iter(text).map(|c| {
        let n = |g: &str| {
            c.name(g)
                .map_or(0.0, |x| x.as_str().parse::<f64>().unwrap_or(0.0))
        };
        let (value, unit) = if c.name("d").is_some() {
            (n("d") * 24.0 + n("dh"), "h")
        } else {
            (n("h") * 3600.0 + n("m") * 60.0 + n("s"), "s")
        };
        (c.get(0).expect("match"), value, unit)
    });
    let spelled = r.duration.captures_iter(text).map(|c| {
        let n = |g: &str| c[g].parse::<f64>().unwrap_or(0.0);
        (c.get(0).expect("match"), n("h") * 60.0 + n("m"), "min")
    });
    for (w, value, unit) in compact.chain(spelled) {
        let (s, e) = (cs + w.start(), cs + w.end());
        if taken.iter().any(|t| overlaps(*t, (s, e))) {
            continue;
        }
        taken.push((s, e));
        numbers.push((
            Item {
                kind: ItemKind::Number,
                start: s,
                end: e,
                text: w.as_str().to_owned(),
            },
            ClaimNumber {
                value,
                decimals: 0,
                approx: false,
                unit: unit.into(),
                magnitude: 1.0,
                noun: None,
                noun_before: None,
                currency: String::new(),
            },
        ));
    }
    for c in r.number.captures_iter(text) {
        let w = c.get(0).unwrap();
        let num = c.name("num").unwrap();
        let (s, e) = (
            cs + c.name("cur").map_or(num.start(), |x| x.start()),
            cs + w.end(),
        );
        if taken
            .iter()
            .any(|t| overlaps(*t, (cs + num.start(), cs + num.end())))
        {
            continue;
        }
        // The end of a day range after a date ("March 25–26"): a day of that month, not a
        // quantity.
        let before = text[..num.start()].trim_end_matches(' ');
        if c.name("cur").is_none()
            && before.ends_with(['–', '-', '—'])
            && items.iter().any(|i| {
                i.kind == ItemKind::Date
                    && i.end == cs + before.trim_end_matches(['–', '-', '—', ' ']).len()
            })
        {
            continue;
        }
        let value = captured_value(&c).unwrap_or(0.0);
        let mag = captured_magnitude(&c);
        let unit = captured_unit(&c);
        let e = e.min(cs + text.len());
        let claim_end = cs + text.len();
        // The denominator of a fraction ("15/24 randomized") is the whole; the noun after it
        // counts the numerator.
        let denominator = before
            .strip_suffix('/')
            .is_some_and(|b| b.ends_with(|ch: char| ch.is_ascii_digit()));
        let noun = if (unit.is_empty() || unit == "%")
            && captured_currency(&c).is_empty()
            && mag == 1.0
            && !denominator
        {
            // Within the claim: the word right after the number ("15 comments"), not one
            // behind punctuation ("3% (section 4.5)").
            answer[e..claim_end]
                .split_whitespace()
                .next()
                .filter(|w| w.starts_with(|ch: char| ch.is_alphabetic()))
                .map(|w| {
                    w.trim_matches(|ch: char| !ch.is_alphanumeric())
                        .to_lowercase()
                })
                .filter(|w| w.len() >= 4 && w.chars().all(|ch| ch.is_ascii_alphabetic()))
        } else {
            None
        };
        // The item covers its counted noun ("4 items") so a flag points at the phrase.
        let e = match &noun {
            Some(n) => answer[e..claim_end]
                .find(|ch: char| !ch.is_whitespace())
                .map_or(e, |off| {
                    let ws = e + off;
                    // The noun is ASCII: it must be there byte for byte (ASCII
                    // case-insensitively), so the end is a character boundary.
                    let word = answer.as_bytes()[ws..claim_end].get(..n.len());
                    if word.is_some_and(|w| w.eq_ignore_ascii_case(n.as_bytes())) {
                        ws + n.len()
                    } else {
                        e
                    }
                }),
            None => e,
        };
        taken.push((s, e));
        numbers.push((
            Item {
                kind: ItemKind::Number,
                start: s,
                end: e,
                text: answer[s..e].trim_end().to_owned(),
            },
            ClaimNumber {
                value,
                decimals: decimals(captured_frac(&c)),
                approx: approx_words_before(answer, s),
                unit,
                magnitude: mag,
                noun,
                noun_before: noun_before(answer, s, e),
                currency: captured_currency(&c).to_owned(),
            },
        ));
    }
    // The lower bound of a range has the upper bound's unit ("2–8 °C", "35.6–46.4 °F",
    // "10 to 15 minutes").
    for i in 1..numbers.len() {
        let (head, tail) = numbers.split_at_mut(i);
        let (a, b) = (&mut head[i - 1], &tail[0]);
        let gap = answer.get(a.0.end..b.0.start).unwrap_or("x").trim();
        if matches!(gap, "-" | "–" | "—" | "to")
            && a.1.unit.is_empty()
            && a.1.currency.is_empty()
            && a.1.noun.is_none()
            && !b.1.unit.is_empty()
        {
            a.1.unit = b.1.unit.clone();
        }
    }
    for m in r.action.captures_iter(text) {
        let v = m.name("verb").unwrap();
        push(
            ItemKind::Action,
            cs + v.start(),
            cs + v.end(),
            &mut items,
            &mut taken,
        );
    }
    // ASCII folding keeps every byte offset (the phrases searched are ASCII).
    let lower_text = text.to_ascii_lowercase();
    let mut phrases: Vec<(&str, bool)> = ev
        .families
        .iter()
        .flat_map(|f| f.members.iter().map(move |m| (m.as_str(), f.declared)))
        .collect();
    phrases.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
    phrases.dedup_by_key(|p| p.0);
    {
        for (phrase, declared) in phrases {
            let mut from = 0;
            while let Some(p) = lower_text[from..].find(phrase) {
                let st = from + p;
                let en = st + phrase.len();
                let b = lower_text.as_bytes();
                if (st == 0 || !b[st - 1].is_ascii_alphanumeric())
                    && (en >= b.len() || !b[en].is_ascii_alphanumeric())
                    && !in_label(cs + st)
                    && (!is_participle(phrase)
                        || state_frame(answer, cs + st) != StateFrame::NotAStatus)
                    && (!declared
                        || explicit_state_frame(answer, cs + st) != StateFrame::NotAStatus)
                {
                    push(ItemKind::State, cs + st, cs + en, &mut items, &mut taken);
                }
                from = en;
            }
        }
    }
    for m in r.clause.find_iter(text) {
        push(
            ItemKind::Clause,
            cs + m.start(),
            cs + m.end(),
            &mut items,
            &mut taken,
        );
    }
    for m in r.quoted.find_iter(text) {
        let inner = m
            .as_str()
            .trim_matches(|c| c == '"' || c == '“' || c == '”');
        if inner.split_whitespace().count() >= 2
            && inner.chars().next().is_some_and(char::is_uppercase)
        {
            let s = cs + m.start() + m.as_str().find(inner).unwrap_or(0);
            push(ItemKind::Entity, s, s + inner.len(), &mut items, &mut taken);
        }
    }
    for m in r.entity.find_iter(text) {
        if in_label(cs + m.start()) {
            continue;
        }
        // A currency's country prefix ("CA$98.08", "US$", "NZ$") is part of the amount.
        if text[m.end()..].starts_with(['$', '€', '£', '¥']) && m.as_str().len() <= 3 {
            continue;
        }
        // A bold label further along the line ("**Doors:** 6:30pm · **Show:** 8pm") names
        // what follows, as a leading one does.
        let bold_label = text[..m.start()].ends_with("**")
            && text[m.end()..].starts_with([':'])
            && text[m.end() + 1..].starts_with("**");
        if bold_label {
            continue;
        }
        // Words glued by a semicolon ("TL;DR") are one chat abbreviation, not names: a
        // semicolon between two words is always followed by a space in prose.
        let glued = |s: &str, t: &str| {
            s.ends_with(';') && s[..s.len() - 1].ends_with(|ch: char| ch.is_alphabetic())
                || t.starts_with(';') && t[1..].starts_with(|ch: char| ch.is_alphabetic())
        };
        if glued(&text[..m.start()], &text[m.end()..]) {
            continue;
        }
        let t = strip_clitic(m.as_str().trim_end_matches(['.', '\'', '’', '-']));
        let first_word = t.split_whitespace().next().unwrap_or("");
        // A list marker ("– ", "• ", "- ") starts a sentence as the line's start does.
        let lead = text[..m.start()].trim_start_matches(['–', '—', '-', '•', '·', '*', ' ']);
        let sentence_initial =
            lead.is_empty() || text[..m.start()].trim_end().ends_with([':', '"', '(']);
        let multi = t.split_whitespace().count() > 1;
        if entity_stop(first_word) && !multi {
            continue;
        }
        if sentence_initial && !multi {
            continue;
        }
        // Strip a leading stop word from a multi-word match ("The Hilton" → "Hilton").
        let (off, t) = if entity_stop(first_word) {
            let rest = t[first_word.len()..].trim_start();
            // and the article after it ("Then the French job" → "French").
            let rest = rest
                .strip_prefix("the ")
                .or_else(|| rest.strip_prefix("of "))
                .map_or(rest, str::trim_start);
            (t.len() - rest.len(), rest)
        } else {
            (0, t)
        };
        // A weekday or month name after a name is the date that follows it ("the Midtown
        // Donor Center Tuesday of next week", "… Center March 24"), not part of the name.
        let t = {
            let mut t = t;
            while let Some((head, last)) = t.rsplit_once(char::is_whitespace) {
                let l = last.to_ascii_lowercase();
                if super::calc::WEEKDAYS.contains(&l.as_str()) || MONTH_NAMES.contains(&last) {
                    t = head.trim_end();
                } else {
                    break;
                }
            }
            t
        };
        if t.is_empty() || (sentence_initial && t.split_whitespace().count() < 2 && off == 0) {
            continue;
        }
        // Nothing left but words that start no name ("So I've" → "I", "Was Friday" after its
        // sentence-initial word): no name.
        // (A month's name is kept: it is checked as a date.)
        let no_name = |w: &str| entity_stop(w) && !MONTH_NAMES.contains(&w);
        if t.split_whitespace().all(no_name)
            || sentence_initial && off == 0 && t.split_whitespace().skip(1).all(no_name)
        {
            continue;
        }
        let s = cs + m.start() + off;
        push(ItemKind::Entity, s, s + t.len(), &mut items, &mut taken);
    }
    Extracted {
        items,
        numbers,
        taken,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_weekday_or_month_after_a_name_is_no_part_of_it() {
        use crate::stage2::test_support::all_supported;
        let ev = r#"{"center":"Midtown Donor Center","slots":["2026-03-24T09:15:00-05:00"]}"#;
        assert!(all_supported(
            ev,
            "For platelets at the Midtown Donor Center Tuesday of next week, I see one time."
        ));
        assert!(!all_supported(
            ev,
            "For platelets at the Uptown Donor Center Tuesday of next week, I see one time."
        ));
    }

    use super::civil_from_days;
    use crate::report::ClaimStatus;
    use crate::stage2::test_support::run;
    use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};

    #[test]
    fn currency_prefixes_and_bold_labels_are_no_names() {
        let s = DeterministicScorer::new(Stage2Config::default());
        let ok = |ev: &str, a: &str| {
            s.score(&run(ev), a)
                .iter()
                .all(|c| c.status == ClaimStatus::Supported)
        };
        let rental =
            r#"{"rental":{"daily_rate":98.08,"currency":"CAD","doors":"18:30","show":"20:00"}}"#;
        assert!(ok(rental, "**Rate:** CA$98.08 a day"));
        assert!(ok(rental, "**Doors:** 6:30pm · **Show:** 8pm"));
        // A name in the value is still one.
        assert!(!ok(rental, "**Rate:** CA$98.08 a day, set by Marta Quinn"));
        // A chat abbreviation glued by a semicolon is no name; a name after a real one is.
        assert!(ok(rental, "TL;DR — doors open at 6:30pm."));
        assert!(ok(rental, "So, tl;DR: doors open at 6:30pm."));
        assert!(!ok(rental, "Doors open at 6:30pm; RJ Quinn sets the rate."));
    }

    #[test]
    fn relative_days_against_the_run_timestamp() {
        assert_eq!(civil_from_days(20_528), (2026, 3, 16));
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // The run happened on 2026-03-03 (UTC); the evidence says the parcel arrives on the 4th.
        let mut r = run(r#"{"status":"in_transit","eta":"2026-03-04"}"#);
        r.start_unix_nano = 1_772_528_400_000_000_000; // 2026-03-03T09:00:00Z
        let s = DeterministicScorer::new(Stage2Config::default());
        assert!(s
            .score(&r, "Your parcel arrives tomorrow.")
            .iter()
            .all(|c| c.status == ClaimStatus::Supported));
        let bad = s.score(&r, "Your parcel arrives today.");
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[0].flagged_spans[0].text, "today");
        // Without a date in the evidence a relative day is not checked.
        let mut r2 = run(r#"{"status":"in_transit"}"#);
        r2.start_unix_nano = r.start_unix_nano;
        assert!(s
            .score(&r2, "I will check again tomorrow.")
            .iter()
            .all(|c| c.status == ClaimStatus::Supported));
    }
}
