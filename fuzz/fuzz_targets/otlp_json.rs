//! OTLP/JSON bytes (the `application/json` body, Kafka `otlp_json` records, `check` lines) →
//! `decode_export_request` → normalization (every dialect) → run building → Stages 1–4 →
//! report checks and encodings.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match groundcheck_proto::json::decode_export_request(data) {
        Ok(req) => groundcheck_fuzz::detect_all(&req),
        Err(e) => {
            // The message goes back to the client in a 400: it must format.
            let _ = e.to_string();
        }
    }
});
