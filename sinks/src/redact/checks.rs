//! Checksums that tell a real card number or IBAN from any digit string of the right shape.

/// Luhn (mod 10) check over ASCII digits; `false` for anything else or fewer than 2 digits.
pub fn luhn_valid(digits: &str) -> bool {
    if digits.len() < 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 {
                    x - 9
                } else {
                    x
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// A payment card number: 13–19 digits, a major network's first digit (2–6: Mastercard 2-series,
/// Amex/JCB/Diners 3, Visa 4, Mastercard 5, Discover/UnionPay 6), Luhn-valid. The first-digit
/// rule keeps millisecond and nanosecond Unix timestamps (which start with 1) out.
pub fn is_card_number(digits: &str) -> bool {
    (13..=19).contains(&digits.len())
        && matches!(digits.as_bytes()[0], b'2'..=b'6')
        && luhn_valid(digits)
}

/// IBAN check (ISO 13616 mod-97): `compact` is the IBAN without spaces, upper case, 15–34
/// characters, two letters then two check digits then alphanumerics; valid when the
/// rearranged number mod 97 is 1.
pub fn iban_valid(compact: &str) -> bool {
    let b = compact.as_bytes();
    if !(15..=34).contains(&b.len())
        || !b[..2].iter().all(u8::is_ascii_uppercase)
        || !b[2..4].iter().all(u8::is_ascii_digit)
        || !b[4..]
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    {
        return false;
    }
    let mut rem: u32 = 0;
    for &c in b[4..].iter().chain(&b[..4]) {
        if c.is_ascii_digit() {
            rem = (rem * 10 + u32::from(c - b'0')) % 97;
        } else {
            let v = u32::from(c - b'A') + 10;
            rem = (rem * 100 + v) % 97;
        }
    }
    rem == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn_accepts_test_cards_and_refuses_a_changed_digit() {
        for n in [
            "4242424242424242",
            "4111111111111111",
            "5555555555554444",
            "378282246310005",
            "6011111111111117",
            "2223003122003222",
        ] {
            assert!(luhn_valid(n) && is_card_number(n), "{n}");
        }
        assert!(!luhn_valid("4242424242424241"));
        assert!(!luhn_valid("42x2"));
        assert!(!luhn_valid("4"));
    }

    #[test]
    fn card_numbers_need_length_and_a_network_prefix() {
        // Luhn-valid but a 13-digit millisecond timestamp's shape (starts with 1).
        assert!(luhn_valid("1700000000004"));
        assert!(!is_card_number("1700000000004"));
        assert!(!is_card_number("424242424242")); // 12 digits
        assert!(!is_card_number("42424242424242424242")); // 20 digits
    }

    #[test]
    fn iban_mod97() {
        for i in [
            "DE89370400440532013000",
            "GB82WEST12345698765432",
            "FR1420041010050500013M02606",
            "NL91ABNA0417164300",
        ] {
            assert!(iban_valid(i), "{i}");
        }
        assert!(!iban_valid("DE89370400440532013001"));
        assert!(!iban_valid("de89370400440532013000"));
        assert!(!iban_valid("DE8937"));
    }
}
