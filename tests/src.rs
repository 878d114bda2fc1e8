//! End-to-end tests live in `tests/`: they run the real `groundcheck serve` binary (on free
//! ports, with a temporary data dir) against the real OpenTelemetry Python SDK
//! (`tests/python/emit_agent_run.py`) and raw HTTP clients. The binary and the Python
//! virtualenv are prerequisites, not built by the tests:
//!
//! ```sh
//! cargo build -p groundcheck && deploy/setup-python.sh && cargo test -p groundcheck-tests
//! ```
