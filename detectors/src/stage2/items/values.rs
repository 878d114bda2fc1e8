//! Reading the values of items: the parts of a date, a time's minutes, a number's value,
//! currency, unit and magnitude, relative days and calendar days.

use super::re;

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// Month, day and year of a `date_text` match, each when it reads ("April 14", "14 April 2026",
/// "2026-04-14", "4/14/26", "14-Apr-2026"). A numeric form is a date only with a month of 1–12
/// and a day of 1–31 (else all three are `None`: "AD 2020-20-12" is a code); a two-digit year
/// is of this century.
pub(in crate::stage2) fn date_parts(
    caps: &regex::Captures<'_>,
) -> (Option<u32>, Option<u32>, Option<i32>) {
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
    } else if let Some(d) = num("xd") {
        Some((num("xm"), Some(d), None))
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
pub(in crate::stage2) fn month_day(text: &str) -> Option<(u32, u32)> {
    match date_parts(&re().date_text.captures(text)?) {
        (Some(mon), Some(day), _) => Some((mon, day)),
        _ => None,
    }
}

pub(in crate::stage2) fn month_index(s: &str) -> Option<u32> {
    let l = s.to_ascii_lowercase();
    MONTHS
        .iter()
        .position(|m| l.starts_with(m))
        .map(|p| p as u32 + 1)
}

/// The unit of a `number` regex match as written, an area unit in one spelling ("m²",
/// "sq ft"); empty when there is none.
pub(in crate::stage2) fn captured_unit(c: &regex::Captures<'_>) -> String {
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
pub(in crate::stage2) fn captured_currency<'a>(c: &regex::Captures<'a>) -> &'a str {
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
pub(in crate::stage2) fn captured_value(c: &regex::Captures<'_>) -> Option<f64> {
    let raw = c.name("num")?.as_str();
    // Thousands grouped by spaces ("1 642,2") or by dots ("1.175" of a text with decimal
    // commas: [`super::regexes::comma_decimals`]).
    let grouped;
    let num = if raw.contains([' ', '\u{a0}', '\u{202f}']) || c.name("dotted").is_some() {
        let int_end = raw.rfind(',').unwrap_or(raw.len());
        grouped = format!(
            "{}{}",
            raw[..int_end].replace([' ', '\u{a0}', '\u{202f}', '.'], ""),
            &raw[int_end..]
        );
        grouped.as_str()
    } else {
        raw
    };
    match european_split(num) {
        Some((int, frac)) => format!("{}.{frac}", int.replace('.', "")).parse().ok(),
        None => parse_num(num),
    }
}

/// The fraction digits of a `number` match ("50" of "$12.50" and of "12,50 €").
pub(in crate::stage2) fn captured_frac<'a>(c: &regex::Captures<'a>) -> Option<&'a str> {
    let num = c.name("num")?.as_str();
    if c.name("dotted").is_some() {
        return num.rsplit_once(',').map(|(_, f)| f);
    }
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
pub(in crate::stage2) fn captured_magnitude(c: &regex::Captures<'_>) -> f64 {
    // Pence and cents glued to the number ("2.6p", "99¢") are hundredths of the currency.
    if c.name("minor").is_some() {
        return 0.01;
    }
    // "300 m altitude", "dive to 30 m": an "m" set off by a space from a number without a
    // currency is metres, not millions ("$2.5 m", "3.2m users" are millions).
    if let (Some(num), Some(mag)) = (c.name("num"), c.name("mag")) {
        let spaced = mag.start() > num.end();
        let money = c.name("cur").is_some() || c.name("cur2").is_some();
        if spaced && !money && mag.as_str() == "m" {
            return 1.0;
        }
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

pub(in crate::stage2) fn time_minutes(m: &regex::Captures<'_>) -> Option<u32> {
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
pub(in crate::stage2) fn item_time_minutes(text: &str) -> Option<u32> {
    let r = re();
    r.time
        .captures(text)
        .or_else(|| r.time_hhmm.captures(text))
        .and_then(|c| time_minutes(&c))
        .or_else(|| {
            // An hour with a one-letter meridiem ("8a", "3p").
            let t = text.trim();
            let (h, ap) = t.split_at(t.len().checked_sub(1)?);
            let h: u32 = h.parse().ok().filter(|h| (1..=12).contains(h))?;
            let pm = match ap {
                "a" | "A" => false,
                "p" | "P" => true,
                _ => return None,
            };
            Some((h % 12 + if pm { 12 } else { 0 }) * 60)
        })
}

/// Whether `w` is a month's full name as a capitalized word writes it ("March"; not "march",
/// "MARCH" or "Mar"), by the names in [`crate::stage2::dates::MONTHS`].
pub(super) fn is_month_name(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.as_str().bytes().all(|b| b.is_ascii_lowercase())
        && crate::stage2::dates::MONTHS.contains(&w.to_ascii_lowercase().as_str())
}

/// Day offset of a relative day word.
pub(in crate::stage2) fn relative_day_offset(w: &str) -> Option<i64> {
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
pub(in crate::stage2) fn civil_from_days(z: i64) -> (i32, u32, u32) {
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

pub(in crate::stage2) fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0 < b.1 && b.0 < a.1
}
