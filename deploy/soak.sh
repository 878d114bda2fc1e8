#!/usr/bin/env bash
# Soak under faults (issue 20): `groundcheck serve` with the ClickHouse sink and the Kafka
# receiver for MINUTES minutes under mixed load (OTLP gRPC + HTTP from `groundcheck loadgen`,
# Kafka records, hostile and Unicode-heavy requests) while ClickHouse and the broker are
# killed and restarted. The soak itself is the Rust test tests/tests/soak.rs (its module docs
# define "acknowledged" and the goals); this script installs the services, builds, runs it
# for the given time and prints the summary. deploy/test.sh runs the same test for 150 s.
#
#   deploy/soak.sh [MINUTES]        default 3
#
# Environment (defaults in brackets):
#   SOAK_PROFILE         [release]  build profile of the groundcheck binary (release|debug)
#   SOAK_SUMMARY         [deploy/.cache/soak-summary.json]  the figures as JSON
#   GROUNDCHECK_SOAK_MAX_RSS_MB [1024]  RSS bound asserted
#   GROUNDCHECK_BIN      [built here]  use this groundcheck binary instead of building one
#
# ClickHouse and the broker are private to the soak (deploy/clickhouse.sh, deploy/kafka.sh on
# free ports, temporary data), so a ClickHouse or broker already running is not touched.
# Exit status: 0 when every goal held (no crash, every acknowledged run exactly one row in
# ClickHouse, RSS under the bound), else non-zero.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

MINUTES="${1:-3}"
[[ "$MINUTES" =~ ^[0-9]+$ && "$MINUTES" -gt 0 ]] || { echo "usage: deploy/soak.sh [MINUTES]" >&2; exit 2; }
PROFILE="${SOAK_PROFILE:-release}"
SUMMARY="${SOAK_SUMMARY:-$ROOT/deploy/.cache/soak-summary.json}"

deploy/build-deps.sh
deploy/clickhouse.sh install
deploy/kafka.sh install

if [[ -z "${GROUNDCHECK_BIN:-}" ]]; then
    if [[ "$PROFILE" == release ]]; then
        cargo build --release -p groundcheck
    else
        cargo build -p groundcheck
    fi
    target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
    export GROUNDCHECK_BIN="$target_dir/$PROFILE/groundcheck"
fi
export GROUNDCHECK_SOAK_SECS=$((MINUTES * 60))
mkdir -p "$(dirname "$SUMMARY")"
export GROUNDCHECK_SOAK_SUMMARY="$SUMMARY"

echo "soak.sh: ${MINUTES} min with $GROUNDCHECK_BIN ($(date -u +%Y-%m-%dT%H:%MZ))"
status=0
cargo test -p groundcheck-tests --test soak -- --nocapture || status=$?
echo "soak.sh: summary in $SUMMARY"
[[ -f "$SUMMARY" ]] && cat "$SUMMARY"
exit $status
