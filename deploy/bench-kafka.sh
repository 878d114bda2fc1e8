#!/usr/bin/env bash
# Kafka consumer throughput and rebalance recovery, against the broker of deploy/kafka.sh.
#
#   deploy/bench-kafka.sh [SECONDS_OF_PRODUCTION] [PARTITIONS]   (CONNS=16 producers, SESSION_MS=6000)
#
# 1. Fills a fresh topic with `groundcheck loadgen --protocol kafka` (6-span GenAI runs, one
#    record per run keyed by trace id) for SECONDS (default 20).
# 2. Starts one `groundcheck serve` on that backlog (fresh group, earliest) and times from its
#    first assignment until every span was consumed and every run reported and committed:
#    consumer throughput in spans/s.
# 3. Starts a second instance in the same group, waits for the split, SIGTERMs one and times
#    until the survivor owns every partition (graceful hand-over); then the same with SIGKILL
#    (session timeout).
# Uses target/release/groundcheck (GROUNDCHECK_BIN overrides). Needs curl.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${GROUNDCHECK_BIN:-$ROOT/target/release/groundcheck}"
BROKERS="${KAFKA_BROKERS:-127.0.0.1:9092}"
SECS="${1:-20}"
PARTS="${2:-4}"
SESSION_MS="${SESSION_MS:-6000}"
TOPIC="bench-$(date +%s)-$$"
GROUP="bench-group-$$-$(date +%s)"
WORK="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

now() { date +%s.%N; }
metric() { curl -s "http://127.0.0.1:$1/metrics" | awk -v n="$2" '$1 == n { print $2 }' | head -n1; }
committed_sum() { curl -s "http://127.0.0.1:$1/metrics" | awk '/^groundcheck_kafka_partition_committed_offset\{/ { s += $2 } END { print s + 0 }'; }
serve() { # name admin_port grpc http
    "$BIN" serve --admin-addr "127.0.0.1:$2" --grpc-addr "127.0.0.1:$3" --http-addr "127.0.0.1:$4" \
        --data-dir "$WORK/$1" --summary false --kafka-brokers "$BROKERS" --kafka-topic "$TOPIC" \
        --kafka-group-id "$GROUP" --kafka-initial-offset earliest --kafka-session-timeout-ms "$SESSION_MS" \
        >"$WORK/$1.log" 2>&1 &
    LAST_PID=$!
    PIDS+=("$LAST_PID")
}
wait_for() { # description timeout_s 'shell condition' (re-evaluated each time)
    local what="$1" t="$2" cond="$3"
    local end=$(( $(date +%s) + t ))
    until eval "$cond" 2>/dev/null; do
        (( $(date +%s) < end )) || { echo "bench-kafka: timed out waiting for $what" >&2; tail -n 5 "$WORK"/*.log >&2; exit 1; }
        sleep 0.05
    done
}

echo "bench-kafka: $(nproc) cores, broker $BROKERS, topic $TOPIC ($PARTS partitions), $BIN"
"$ROOT/deploy/kafka.sh" topic "$TOPIC" "$PARTS" >/dev/null
echo "== 1. produce for ${SECS}s =="
"$BIN" loadgen --protocol kafka --target "$BROKERS" --topic "$TOPIC" --duration "$SECS" --connections "${CONNS:-16}" --runs-per-request 50 | tee "$WORK/loadgen.txt"
RECORDS=$(awk '/^requests ok=/ { split($2, a, "="); print a[2] * 50 }' "$WORK/loadgen.txt")
SPANS=$((RECORDS * 6))
echo "produced $RECORDS records (runs), $SPANS spans"

echo "== 2. consume the backlog with one instance =="
serve a 19464 14317 14318; A=$LAST_PID
wait_for "instance a to answer" 30 'curl -sf -o /dev/null http://127.0.0.1:19464/healthz'
wait_for "an assignment" 60 'test "$(metric 19464 groundcheck_kafka_partitions_assigned)" = "$PARTS"'
T0=$(now)
wait_for "all spans consumed" 600 'test "$(metric 19464 groundcheck_kafka_spans_total)" -ge "$SPANS"'
T1=$(now)
wait_for "all runs reported" 600 'test "$(metric 19464 groundcheck_sink_reports_written_total)" -ge "$RECORDS"'
T2=$(now)
wait_for "all records committed" 120 'test "$(committed_sum 19464)" -ge "$RECORDS"'
T3=$(now)
python3 - "$T0" "$T1" "$T2" "$T3" "$SPANS" "$RECORDS" <<'EOF'
import sys
t0, t1, t2, t3 = map(float, sys.argv[1:5]); spans, runs = int(sys.argv[5]), int(sys.argv[6])
print(f"consumed {spans} spans in {t1 - t0:.2f}s: {spans / (t1 - t0):,.0f} spans/s (consume + normalize + assemble)")
print(f"reported {runs} runs in {t2 - t0:.2f}s: {spans / (t2 - t0):,.0f} spans/s, {runs / (t2 - t0):,.0f} runs/s end to end (incl. the 2 s grace period)")
print(f"all offsets committed {t3 - t0:.2f}s after assignment")
EOF
echo "pauses for backpressure: $(metric 19464 groundcheck_kafka_pauses_total)"

echo "== 3. rebalance recovery =="
serve b 19465 14319 14320; B=$LAST_PID
wait_for "the split" 120 'test "$(metric 19465 groundcheck_kafka_partitions_assigned)" -ge 1'
wait_for "a to hold the rest" 120 'test "$(( $(metric 19464 groundcheck_kafka_partitions_assigned) + $(metric 19465 groundcheck_kafka_partitions_assigned) ))" = "$PARTS"'
T0=$(now)
kill -TERM "$B"
wait_for "a to own every partition after SIGTERM of b" 120 'test "$(metric 19464 groundcheck_kafka_partitions_assigned)" = "$PARTS"'
T1=$(now)
python3 -c "import sys; print(f'graceful (SIGTERM, LeaveGroup): survivor owns all partitions {float(sys.argv[2]) - float(sys.argv[1]):.2f}s after the signal')" "$T0" "$T1"
wait "$B" 2>/dev/null || true
serve c 19466 14321 14322; C=$LAST_PID
wait_for "the split" 120 'test "$(metric 19466 groundcheck_kafka_partitions_assigned)" -ge 1'
wait_for "a to hold the rest" 120 'test "$(( $(metric 19464 groundcheck_kafka_partitions_assigned) + $(metric 19466 groundcheck_kafka_partitions_assigned) ))" = "$PARTS"'
T0=$(now)
kill -KILL "$C"
wait_for "a to own every partition after SIGKILL of c" 120 'test "$(metric 19464 groundcheck_kafka_partitions_assigned)" = "$PARTS"'
T1=$(now)
python3 -c "import sys; print(f'crash (SIGKILL, session.timeout.ms=$SESSION_MS): survivor owns all partitions {float(sys.argv[2]) - float(sys.argv[1]):.2f}s after the kill')" "$T0" "$T1"
