//! OTLP/protobuf bytes (the gRPC and `application/x-protobuf` bodies) → prost decoding →
//! normalization (every dialect) → run building → Stages 1–4 → report checks and encodings.
#![no_main]

use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use libfuzzer_sys::fuzz_target;
use prost::Message;

fuzz_target!(|data: &[u8]| {
    if let Ok(req) = ExportTraceServiceRequest::decode(data) {
        groundcheck_fuzz::detect_all(&req);
    }
});
