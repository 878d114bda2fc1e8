//! Wire types for groundcheck.
//!
//! * OTLP trace types, re-exported from `opentelemetry-proto` (prost + tonic), under
//!   [`otlp`]. Every receiver decodes into these, whatever the encoding.
//! * [`json`]: the OTLP/JSON decoder (proto3 JSON mapping with the OTLP exceptions:
//!   hex-encoded `traceId`/`spanId`, lowerCamelCase keys, unknown fields ignored,
//!   64-bit integers as strings or numbers, enums as numbers or names).
//! * [`report`]: groundcheck's own `HallucinationReport` protobuf
//!   (`proto/hallucination_report.proto`).

pub mod json;

/// OTLP types (prost messages and the tonic `TraceService`).
pub mod otlp {
    pub use opentelemetry_proto::tonic::collector::trace::v1 as collector;
    pub use opentelemetry_proto::tonic::common::v1 as common;
    pub use opentelemetry_proto::tonic::resource::v1 as resource;
    pub use opentelemetry_proto::tonic::trace::v1 as trace;
}

/// groundcheck's report protobuf (`groundcheck.report.v1`).
pub mod report {
    include!(concat!(env!("OUT_DIR"), "/groundcheck.report.v1.rs"));
}

pub use prost;
