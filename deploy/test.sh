#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what the tests need, builds, runs every test.
# Used verbatim by CI (.ci/run) and given in README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build dependencies (C toolchain for the bundled librdkafka) =="
deploy/build-deps.sh

echo "== python clients (OpenTelemetry SDK + OTLP exporters) =="
deploy/setup-python.sh

stopping=()
cleanup() { for c in "${stopping[@]}"; do $c || true; done; }
trap cleanup EXIT

# service SCRIPT WHAT: start deploy/SCRIPT unless one already answers (then use it and leave it
# running); what this script started is stopped on exit.
service() {
    if "deploy/$1" status >/dev/null 2>&1; then
        echo "test.sh: $2 already answers; using it and leaving it running"
    else
        stopping+=("deploy/$1 stop")
        "deploy/$1" start
    fi
}

echo "== ClickHouse (real server on 127.0.0.1:8123 for tests/tests/clickhouse.rs; npm package, deploy/.cache) =="
service clickhouse.sh "a ClickHouse on :8123"

echo "== ONNX Runtime for the learned groundedness model (PyPI onnxruntime wheel, deploy/.cache) =="
GROUNDCHECK_NLI_RUNTIME="$(deploy/onnxruntime.sh)"
export GROUNDCHECK_NLI_RUNTIME
echo "test.sh: GROUNDCHECK_NLI_RUNTIME=$GROUNDCHECK_NLI_RUNTIME"

echo "== Kafka broker (tansu on 127.0.0.1:9092 for tests/tests/kafka.rs; PyPI wheel, deploy/.cache) =="
service kafka.sh "a Kafka broker on :9092"

echo "== local model endpoint (Stage 3 end-to-end test: SmolLM2-135M behind deploy/llm.sh) =="
service llm.sh "a model endpoint on :${LLM_PORT:-8089}"
export GROUNDCHECK_TEST_LLM_URL="http://127.0.0.1:${LLM_PORT:-8089}/v1"

echo "== Arize Phoenix (OTLP backend for tests/tests/phoenix.rs; PyPI arize-phoenix, deploy/.cache) and headless Chromium (Debian) =="
service phoenix.sh "a Phoenix on :${PHOENIX_PORT:-6006}"
export GROUNDCHECK_TEST_PHOENIX_URL="http://127.0.0.1:${PHOENIX_PORT:-6006}"
export GROUNDCHECK_TEST_PHOENIX_GRPC="127.0.0.1:${PHOENIX_GRPC_PORT:-4417}"
CHROMIUM="$(deploy/chromium.sh)"
export CHROMIUM

echo "== format and lint gate (rustfmt.toml; clippy warnings are errors) =="
cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings

# One build for both README commands: the tests build and run the release profile, the one
# `cargo run --release -p groundcheck -- serve` builds (the e2e tests run target/release/groundcheck).
echo "== build (release profile, shared with the README's first command) =="
cargo build --workspace --all-targets --release

echo "== fuzz smoke (cargo-fuzz, every target of fuzz/ for ${FUZZ_SECONDS:-20} s; fails on a crash) =="
deploy/fuzz.sh "${FUZZ_SECONDS:-20}"

echo "== tests =="
cargo test --workspace --all-targets --no-fail-fast --release

echo "== offline check over the labeled dev runs =="
n_labels=$(grep -c . ../shared/data/agent-runs-dev/labels.jsonl)
n_reports=$(target/release/groundcheck check ../shared/data/agent-runs-dev/runs-*.jsonl | grep -c .)
echo "labels=$n_labels reports=$n_reports"
test "$n_labels" = "$n_reports"
echo "all tests passed"
