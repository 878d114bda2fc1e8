//! groundcheck detection library — pure, no I/O.
//!
//! Data flows one way through these modules:
//!
//! 1. [`normalize`] — one OTLP span (any of the three dialects: OTel GenAI, OpenInference,
//!    OpenLLMetry/Traceloop) → one [`span::NormalizedSpan`] carrying the dialect-neutral
//!    facts the detectors need.
//! 2. [`run`] — all normalized spans of one trace → one canonical [`run::AgentRun`]
//!    (system prompt, user input, model turns, tool definitions, tool calls with results,
//!    final answer, evidence).
//! 3. [`stage1`] — tool-call verification (JSON Schema + entity provenance).
//! 4. [`stage2`] — groundedness: claims, evidence spans, per-claim scores.
//! 5. [`stage3`] — self-consistency probing: slots, paraphrased prompts, comparison, and the
//!    asynchronous prober interface (the collector plugs a model endpoint in); [`judge`] —
//!    the LLM-judge rubric, verdict schema and score combination for Stage 2.
//! 6. [`stage4`] — gating: emit / revise / block.
//! 7. [`report`] — the `HallucinationReport` (JSON via serde, protobuf via `groundcheck-proto`).
//!
//! [`pipeline::Detector`] ties the stages together for one run; the collector calls it on
//! its worker pool and `groundcheck check` calls it inline.

pub mod attrs;
pub mod bm25;
pub mod judge;
pub mod normalize;
pub mod pipeline;
pub mod report;
pub mod run;
pub mod span;
pub mod stage1;
pub mod stage2;
pub mod stage3;
pub mod stage4;
pub mod text;

/// Version of `agent-hallucination-spec.md` this library implements (written into reports).
pub const SPEC_VERSION: &str = "agent-hallucination-spec/1.0";
