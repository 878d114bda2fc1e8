//! groundcheck collector library (the binary is a thin CLI over it).
//!
//! Rooms, in the order data flows: [`receivers`] (OTLP gRPC/HTTP) → [`pipeline`]
//! (normalize, assemble via [`assembler`], Stage 1 inline, worker pool for Stages 2–4, sink
//! runner) → sinks (`groundcheck-sinks`). [`serve`] wires them with [`admin`] and ordered
//! shutdown; [`check`] runs the same detection offline; [`send`] sends OTLP files to a
//! collector (over TLS with [`client_tls`], which `loadgen` shares). [`config`] resolves settings once and
//! [`wiring`] turns them into each component's own config ([`detection`] builds the detector
//! from its); [`metrics`] is the self-telemetry; [`nli`] is Stage 2's learned groundedness
//! model; [`redaction`] redacts the collector's own log lines (reports are redacted in the
//! [`pipeline`] with `groundcheck_sinks::redact`).

pub mod admin;
pub mod assembler;
pub mod check;
pub mod clickhouse;
pub mod client_tls;
pub mod config;
pub mod conversations;
pub mod detection;
pub mod escalation;
pub mod eval;
pub mod llm;
pub mod loadgen;
pub mod metrics;
pub mod nli;
pub mod otel;
pub mod pipeline;
pub mod profiles;
pub mod receivers;
pub mod redaction;
pub mod registry;
pub mod send;
pub mod serve;
pub mod wiring;
