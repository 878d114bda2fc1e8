#!/usr/bin/env bash
# Fuzz smoke: every cargo-fuzz target of fuzz/ for a bounded time each; fails on any crash
# (panic, violated report invariant, timeout, out-of-memory) and on any known finding in
# fuzz/artifacts-found/ that still fails.
#
#   deploy/fuzz.sh [SECONDS]     seconds per target (default 20)
#
# Environment (defaults in brackets):
#   FUZZ_TARGETS   [all of `cargo fuzz list`]  space-separated subset
#   FUZZ_OUT       [a temporary directory]     keeps the grown corpus, crash artifacts and logs
#   FUZZ_MAX_LEN   [16384]  largest input in bytes
#   FUZZ_TIMEOUT   [20]     seconds one input may take before it counts as a failure (a stall)
#
# Installs cargo-fuzz 0.13.2 from crates.io when missing. The toolchain is stable: the
# targets are built without a sanitizer (`-s none`: the code under test is safe Rust, so
# AddressSanitizer adds cost and no findings) and with debug assertions (`-a`: integer
# overflow panics); the sancov flags cargo-fuzz passes are stable rustc flags. The committed
# seeds in fuzz/corpus/TARGET are read only; what the fuzzer adds goes to FUZZ_OUT.
# Reproduce a crash: `cargo fuzz run -s none -a TARGET FILE` (from fuzz/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT/fuzz"

SECS="${1:-20}"
MAX_LEN="${FUZZ_MAX_LEN:-16384}"
TIMEOUT="${FUZZ_TIMEOUT:-20}"
CARGO_FUZZ_VERSION="0.13.2"

say() { echo "fuzz.sh: $*"; }

if ! cargo fuzz --version >/dev/null 2>&1; then
    say "installing cargo-fuzz $CARGO_FUZZ_VERSION (crates.io)"
    cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
fi

OUT="${FUZZ_OUT:-}"
if [[ -z "$OUT" ]]; then
    OUT="$(mktemp -d -t groundcheck-fuzz.XXXXXX)"
    trap 'rm -rf "$OUT"' EXIT
fi
mkdir -p "$OUT"

say "building the targets (release, sancov, debug assertions)"
cargo fuzz build -s none -a

TARGETS="${FUZZ_TARGETS:-$(cargo fuzz list)}"
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
bin_dir="$target_dir/$(rustc -vV | sed -n 's/^host: //p')/release"

failed=()
summary=()

# Known findings (fuzz/artifacts-found/TARGET-*): each must now pass (a regression check).
shopt -s nullglob
for f in "$ROOT"/fuzz/artifacts-found/*; do
    name="$(basename "$f")"
    t="${name%%-*}"
    [[ -x "$bin_dir/$t" ]] || continue
    if "$bin_dir/$t" "$f" >"$OUT/replay-$name.log" 2>&1; then
        say "known finding $name: passes"
    else
        say "known finding $name: STILL FAILS (log: $OUT/replay-$name.log)"
        grep -m3 -E "panicked|ERROR" "$OUT/replay-$name.log" | sed 's/^/    /' || true
        failed+=("$name")
    fi
done

for t in $TARGETS; do
    mkdir -p "$OUT/corpus/$t" "$OUT/artifacts/$t"
    seeds=()
    [[ -d "$ROOT/fuzz/corpus/$t" ]] && seeds=("$ROOT/fuzz/corpus/$t")
    log="$OUT/$t.log"
    say "$t: ${SECS}s"
    set +e
    (cd "$OUT" && "$bin_dir/$t" "$OUT/corpus/$t" "${seeds[@]}" \
        -max_total_time="$SECS" -max_len="$MAX_LEN" -timeout="$TIMEOUT" -rss_limit_mb=2048 \
        -artifact_prefix="$OUT/artifacts/$t/" -print_final_stats=1) >"$log" 2>&1
    rc=$?
    set -e
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)"
    crashes="$(find "$OUT/artifacts/$t" -type f | wc -l)"
    summary+=("$(printf '%-18s execs=%-10s crashes=%s' "$t" "${execs:-?}" "$crashes")")
    if [[ $rc -ne 0 || $crashes -ne 0 ]]; then
        say "$t FAILED (exit $rc); log: $log"
        grep -m5 -E "panicked|ERROR|SUMMARY|Test unit written" "$log" | sed 's/^/    /' || true
        failed+=("$t")
    fi
done

say "summary (${SECS}s per target, $(date -u +%Y-%m-%dT%H:%MZ)):"
printf '    %s\n' "${summary[@]}"
if ((${#failed[@]})); then
    say "FAILED: ${failed[*]} (artifacts and logs in $OUT)"
    [[ -n "${FUZZ_OUT:-}" ]] || trap - EXIT  # keep the evidence
    exit 1
fi
say "no crash"
