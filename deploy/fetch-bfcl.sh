#!/usr/bin/env bash
# Fetch the Berkeley Function Calling Leaderboard data (PyPI package `bfcl-eval`) for the
# Stage 1 measurement (`cargo run --release -p groundcheck-detectors --example bfcl -- DIR`).
#
# Downloads the wheel without dependencies into deploy/.cache/ (gitignored) and unpacks it into
# deploy/.cache/bfcl-eval/; prints the data directory (bfcl_eval/data). Needs python3 with pip
# and access to PyPI. BFCL_VERSION pins the release (default: the one BENCHMARKS.md reports).
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
VERSION=${BFCL_VERSION:-2026.3.23}
mkdir -p .cache
"$PY" -m pip download --quiet --no-deps --disable-pip-version-check "bfcl-eval==${VERSION}" -d .cache/
whl=$(ls .cache/bfcl_eval-"${VERSION}"-*.whl | head -n1)
rm -rf .cache/bfcl-eval
mkdir -p .cache/bfcl-eval
"$PY" -m zipfile -e "$whl" .cache/bfcl-eval/
echo "$PWD/.cache/bfcl-eval/bfcl_eval/data"
