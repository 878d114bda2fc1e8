//! The regular expressions that find a claim's items ([`Regexes`]), compiled once.

use regex::Regex;

pub(in crate::stage2) struct Regexes {
    pub(super) url: Regex,
    pub(super) email: Regex,
    pub(super) ident: Regex,
    pub(super) unit_number: Regex,
    pub(super) section: Regex,
    pub(in crate::stage2) number: Regex,
    /// [`Regexes::number`] for JSON: no decimal comma.
    pub(in crate::stage2) number_json: Regex,
    /// [`Regexes::number`] for a text that writes decimals with a comma
    /// ([`Regexes::number_in`]): thousands grouped by dots ("1.175", "23.128") or spaces
    /// ("1 642,2", "188 684").
    pub(in crate::stage2) number_grouped: Regex,
    pub(in crate::stage2) time: Regex,
    pub(in crate::stage2) time_hhmm: Regex,
    pub(in crate::stage2) iso_time: Regex,
    pub(in crate::stage2) date_text: Regex,
    /// A number between underscores in a JSON key: `"randomized_last_8_weeks":`, `"days_30":`,
    /// `"window_30d":`.
    pub(in crate::stage2) key_number: Regex,
    pub(super) entity: Regex,
    pub(super) action: Regex,
    pub(in crate::stage2) non_factual: Regex,
    /// "Took a look at that for you.", "I had a quick look." — a whole sentence of talk.
    pub(in crate::stage2) looked: Regex,
    pub(super) duration: Regex,
    pub(super) compact_duration: Regex,
    pub(super) hex_pairs: Regex,
    pub(super) clause: Regex,
    pub(super) causal: Regex,
    pub(super) quoted: Regex,
    pub(in crate::stage2) own_past: Regex,
    pub(in crate::stage2) advice: Regex,
    pub(in crate::stage2) own_working: Regex,
    pub(super) relative_day: Regex,
    pub(in crate::stage2) change_from: Regex,
}

impl Regexes {
    pub(super) fn new() -> Self {
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
            section: Regex::new(r"(?i)(?:\b(?:section|sec\.|clause|article|paragraph|para\.|chapter|appendix|step|rule|page)|§)\s*(?-i:\d[\dA-Za-z]*|[A-Z]{1,4}\b)(?:[.(][\dA-Za-z]+\)?)*|\b(?:term|condition|part|item|point|annex|schedule|exhibit)\s+\d+(?:\.\d+)+(?:\([\dA-Za-z]+\))*").unwrap(),
            number: number_regex(true),
            number_json: number_regex(false),
            number_grouped: number_regex_grouped(),
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
                # Day-first with dots and no year after a weekday (Fri 24.04.): dotted dates
                # are day-first.
                | \b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+(?P<xd>3[01]|[12]\d|0?[1-9])\.(?P<xm>1[0-2]|0?[1-9])\.
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
            advice: Regex::new(r"(?i)\b(?:(?:it['’]s|it is|it['’]d be|it would be)\s+)?(?:best|wise|advisable|a good idea|sensible)\s+(?:not\s+)?to\s+[^.;!?—\n]*|\b(?:to be (?:on the )?safe(?: side)?|just in case)\b[^.;!?—\n]*|\bworth\s+[a-z]+ing\b[^.;!?—\n]*|\b(?:I|we)(?:['’]d| would)?\s+(?:strongly\s+)?(?:recommend|suggest|advise)\b[^.;!?—\n]*").unwrap(),
            // The agent's account of its own working ("That's calculated from the word
            // counts", "This is based on the last 3 invoices"): about the answer, not the data.
            // The answer speaking of itself ("this note does not amend the DPA", "this reply
            // covers the open items only").
            own_working: Regex::new(r"(?i)\b(?:that|this|it|these|those)(?:['’]s|['’]re| is| are| was| were)\s+(?:\w+\s+)?(?:calculated|computed|derived|based|worked out|estimated|rounded|averaged|taken)\s+(?:from|on|off|over|using|with)\b[^.;!?]*|\bthis\s+(?:note|message|reply|answer|summary|memo|letter|e-?mail|response|update)\b[^.;!?]*").unwrap(),
            quoted: Regex::new(r#"“[^”]{3,80}”|"[^"]{3,80}""#).unwrap(),
            // "since" and "as" open a reason only before a clause with its own subject ("since
            // the van was reassigned", ", as the city is short-staffed"), which the caller
            // checks for a finite verb; "since 2019", "as of today", "as a member" are no
            // reasons.
            causal: Regex::new(r"(?i)\bsince\s+[a-z][^.,;!?]+|,\s*as\s+(?:the|your|its|their|our|his|her|it|they|we|he|she|this|that|these|those|there)\b[^.,;!?]+").unwrap(),
            clause: Regex::new(r"(?i)\b(?:due to|because(?: of)?|b/c(?: of)?|(?:driven|helped|boosted|held back) (?:mainly |largely |primarily |mostly )?by|(?:which|that) is (?:about |roughly |fairly |pretty |quite )?(?:typical|standard|normal|average|usual|common)|as requested by|caused by|thanks to|owing to|as a result of|after (?:a|an|the) [a-z]+ (?:issue|problem|delay))\s+[^.,;!?]+").unwrap(),
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
pub(super) fn number_regex(european: bool) -> Regex {
    // Prose also groups digits the Indian way ("1,25,000": lakhs, then thousands).
    let eu = if european {
        r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d+|\d+,(?:\d{1,2}|\d{4,})\b|"
    } else {
        ""
    };
    number_pattern(eu)
}

/// [`number_regex`] for a text with decimal commas: thousands grouped by spaces (a space, a
/// no-break or a narrow no-break space: "1 642,2", "188 684") or by dots without a fraction
/// ("1.175", `dotted`) come first.
fn number_regex_grouped() -> Regex {
    number_pattern(
        r"\d{1,3}(?:[\x20\x{a0}\x{202f}]\d{3})+(?:,\d+)?\b|(?P<dotted>\d{1,3}(?:\.\d{3})+)(?:,\d+)?\b|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d+,(?:\d{1,2}|\d{4,})\b|",
    )
}

impl Regexes {
    /// The number pattern for `text`: [`Regexes::number_grouped`] when the text writes
    /// decimals with a comma ([`comma_decimals`]), else [`Regexes::number`].
    pub(in crate::stage2) fn number_in(&self, text: &str) -> &Regex {
        if comma_decimals(text) {
            &self.number_grouped
        } else {
            &self.number
        }
    }
}

/// Whether `text` writes decimals with a comma: more numbers with a comma before one, two or
/// four and more digits ("2,9%", "24,90 €", "0,8537") than with a dot before them ("13.89"),
/// not counting dates ("25.05.2025") and section numbers ("§ 2.2").
pub(in crate::stage2) fn comma_decimals(text: &str) -> bool {
    let b = text.as_bytes();
    let (mut comma, mut dot) = (0usize, 0usize);
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        // One number: digits and single separators between digits.
        let st = i;
        let mut seps: Vec<(usize, u8)> = Vec::new();
        while i < b.len() {
            if b[i].is_ascii_digit() {
                i += 1;
            } else if matches!(b[i], b',' | b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                seps.push((i, b[i]));
                i += 1;
            } else {
                break;
            }
        }
        let Some(&(at, sep)) = seps.last() else {
            continue;
        };
        let frac = i - at - 1;
        if frac == 3 {
            continue;
        }
        let before = text[..st].trim_end();
        let section = before.ends_with('§')
            || before
                .rsplit(|c: char| !c.is_ascii_alphabetic())
                .next()
                .is_some_and(|w| {
                    [
                        "section",
                        "clause",
                        "rule",
                        "article",
                        "step",
                        "chapter",
                        "paragraph",
                        "term",
                        "condition",
                        "part",
                        "item",
                        "point",
                        "annex",
                        "schedule",
                        "exhibit",
                    ]
                    .iter()
                    .any(|x| w.eq_ignore_ascii_case(x))
                });
        // "25.05.2025", and "24.04." with its closing dot.
        let date = seps.iter().all(|s| s.1 == b'.') && (seps.len() == 2 || b.get(i) == Some(&b'.'));
        match sep {
            b',' if seps.iter().all(|s| s.1 == b'.' || s.0 == at) => comma += 1,
            b'.' if !section && !date && seps.len() == 1 => dot += 1,
            _ => {}
        }
    }
    comma > dot
}

fn number_pattern(eu: &str) -> Regex {
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
