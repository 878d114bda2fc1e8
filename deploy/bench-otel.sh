#!/usr/bin/env bash
# Overhead of the OpenTelemetry output on ingest (issue 16): the same closed-loop load with
# and without forwarding + evaluation export, alternating, on one machine.
#
#   deploy/bench-otel.sh [ROUNDS] [SECONDS]        (defaults 2 rounds of 8 s per mode)
#   MODES="plain forward export otel" deploy/bench-otel.sh   (default MODES="plain otel")
#   LOADGEN_EXTRA="--hallucinated-share 0.05" deploy/bench-otel.sh   (extra loadgen flags)
#
# The next hop is the bare OTLP/gRPC receiver of tests/examples/otlp_sink.rs (counts and
# discards). Modes: `plain` (serve alone), `otel` (serve --forward-endpoint … and
# --otlp-export-endpoint … --otlp-export-evaluations-as both, to that receiver), `forward` and
# `export` (one of the two). Load:
# `groundcheck loadgen --protocol grpc --connections 2 --runs-per-request 50 --result-bytes 64`.
# Needs target/release/groundcheck and target/release/examples/otlp_sink
# (`cargo build --release -p groundcheck -p groundcheck-tests --examples`) and curl.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${GROUNDCHECK_BIN:-$ROOT/target/release/groundcheck}"
SINK="$ROOT/target/release/examples/otlp_sink"
ROUNDS="${1:-2}"
SECS="${2:-8}"
WORK="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT
metric() { curl -s "http://127.0.0.1:19464/metrics" | awk -v n="$1" '$1 == n { print $2 }' | head -n1; }

"$SINK" 14417 >"$WORK/sink.log" 2>&1 &
PIDS+=($!)
sleep 1
echo "round mode ingest_spans/s forwarded_spans reports_written_by_end+3s serve_cpu_s serve_cpu_us_per_span next_hop_cpu_s"
for r in $(seq 1 "$ROUNDS"); do
    for mode in ${MODES:-plain otel}; do
        fwd=(--forward-endpoint http://127.0.0.1:14417)
        exp=(--otlp-export-endpoint http://127.0.0.1:14417 --otlp-export-evaluations-as both)
        case $mode in
            plain) extra=() ;;
            forward) extra=("${fwd[@]}") ;;
            export) extra=("${exp[@]}") ;;
            otel) extra=("${fwd[@]}" "${exp[@]}") ;;
        esac
        rm -rf "$WORK/data"
        "$BIN" serve --grpc-addr 127.0.0.1:14317 --http-addr 127.0.0.1:14318 \
            --admin-addr 127.0.0.1:19464 --data-dir "$WORK/data" --summary false \
            "${extra[@]}" >"$WORK/serve-$mode-$r.log" 2>&1 &
        pid=$!
        PIDS+=($pid)
        for _ in $(seq 1 100); do curl -sf http://127.0.0.1:19464/healthz >/dev/null && break; sleep 0.1; done
        out=$("$BIN" loadgen --protocol grpc --target http://127.0.0.1:14317 --duration "$SECS" \
            --connections 2 --runs-per-request 50 --result-bytes 64 ${LOADGEN_EXTRA:-} 2>&1)
        rate=$(echo "$out" | grep -o 'accepted [0-9]* spans/s' | awk '{print $2}')
        sleep 3
        # CPU seconds the serve process used (user + system), per accepted span.
        ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
        hz=$(getconf CLK_TCK)
        accepted=$(metric groundcheck_receiver_spans_accepted_total)
        sink_ticks=$(awk '{print $14 + $15}' "/proc/${PIDS[0]}/stat")
        cpu=$(echo "$ticks $hz" | awk '{printf "%.1f", $1 / $2}')
        per=$(echo "$ticks $hz $accepted" | awk '{printf "%.1f", 1e6 * $1 / $2 / $3}')
        sink_cpu=$(echo "$sink_ticks $hz ${last_sink_ticks:-0}" | awk '{printf "%.1f", ($1 - $3) / $2}')
        last_sink_ticks=$sink_ticks
        echo "$r $mode $rate $(metric groundcheck_forward_spans_total) $(metric groundcheck_sink_reports_written_total) $cpu $per $sink_cpu"
        kill -INT "$pid"
        wait "$pid" || true
    done
done
