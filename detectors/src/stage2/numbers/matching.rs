//! Whether a claim number matches an evidence value: to the claim's precision and rounding,
//! or after a unit conversion (SI prefixes, physical units, percents and fractions).

use super::*;

pub(in crate::stage2) fn matches_value(c: &ClaimNumber, e: f64) -> bool {
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

pub(super) fn round_to(x: f64, d: i32) -> f64 {
    let p = 10f64.powi(d.max(0));
    (x * p).round() / p
}

pub(in crate::stage2) fn conversions(c: &ClaimNumber, e: f64) -> bool {
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
    // Seconds from milliseconds (`"duration_ms": 1243000` as "20m 43s").
    if u == "s" {
        alts.push(e / 1000.0);
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
        let iec = u.ends_with("ib");
        if iec {
            // One binary prefix step down ("50 GiB" for `storage_mib: 51200`).
            scaled.push(e / 1024.0);
        } else if bytes {
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
pub(super) fn physical_factors(unit: &str) -> &'static [f64] {
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
/// 10⁹, `TB` 10¹², `ms` 10⁻³; and the power of 1,024 of a binary prefix (`KiB`, `MiB`, `GiB`,
/// `TiB`) (lower-cased unit).
pub(super) fn si_prefix(unit: &str) -> Option<(f64, bool)> {
    // Binary (IEC) prefixes of bytes: KiB 2¹⁰, MiB 2²⁰, GiB 2³⁰, TiB 2⁴⁰.
    if let Some(n) = ["kib", "mib", "gib", "tib"].iter().position(|u| *u == unit) {
        return Some((1024f64.powi(n as i32 + 1), true));
    }
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
