//! Error classes: which ClickHouse failures are data errors (the server will never accept
//! the rows: bisected and dead-lettered, never retried) and which are transient.

use ::clickhouse::error::Error as ChError;

/// ClickHouse error codes for data the server will never accept (no retry; dead-letter).
pub const DATA_ERROR_CODES: &[i32] = &[
    6,   // CANNOT_PARSE_TEXT
    26,  // CANNOT_PARSE_QUOTED_STRING
    27,  // CANNOT_PARSE_INPUT_ASSERTION_FAILED
    38,  // CANNOT_PARSE_DATE
    41,  // CANNOT_PARSE_DATETIME
    53,  // TYPE_MISMATCH
    69,  // ARGUMENT_OUT_OF_BOUND
    70,  // CANNOT_CONVERT_TYPE
    72,  // CANNOT_PARSE_NUMBER
    117, // INCORRECT_DATA
    131, // TOO_LARGE_STRING_SIZE
    321, // VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE
    349, // CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN
    469, // VIOLATED_CONSTRAINT
];

/// The `Code: N.` of a ClickHouse exception message.
pub fn error_code(msg: &str) -> Option<i32> {
    let i = msg.find("Code: ")?;
    let digits: String = msg[i + 6..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// A data error: the server rejected the rows themselves, or they cannot be serialized.
pub fn is_data_error(e: &ChError) -> bool {
    match e {
        ChError::BadResponse(m) => error_code(m).is_some_and(|c| DATA_ERROR_CODES.contains(&c)),
        ChError::Custom(_)
        | ChError::SequenceMustHaveLength
        | ChError::VariantDiscriminatorIsOutOfBound(_) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SinkError, SinkErrorKind};

    #[test]
    fn error_classes() {
        let bad = |m: &str| ChError::BadResponse(m.into());
        assert!(is_data_error(&bad(
            "Code: 117. DB::Exception: Incorrect data (INCORRECT_DATA)"
        )));
        assert!(is_data_error(&bad(
            "Code: 53. DB::Exception: Type mismatch"
        )));
        assert!(is_data_error(&bad(
            "Code: 469. DB::Exception: Constraint `c` is violated"
        )));
        assert!(!is_data_error(&bad(
            "Code: 252. DB::Exception: Too many parts"
        )));
        assert!(!is_data_error(&bad(
            "Code: 241. DB::Exception: Memory limit exceeded"
        )));
        assert!(!is_data_error(&bad("bad response without a code")));
        assert!(!is_data_error(&ChError::TimedOut));
        assert_eq!(error_code("x Code: 27. DB::Exception"), Some(27));
        let e = SinkError::Remote {
            sink: "clickhouse",
            message: "down".into(),
            retryable: true,
        };
        assert!(e.is_retryable());
        assert!(!SinkError::SpillUnsupported("x").is_retryable());
        let rejected = SinkError::Remote {
            sink: "clickhouse",
            message: "no".into(),
            retryable: false,
        };
        assert_eq!(rejected.kind(), SinkErrorKind::Permanent);
        assert!(!rejected.is_retryable());
    }
}
