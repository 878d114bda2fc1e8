#!/usr/bin/env bash
# Fetch the ONNX Runtime shared library for the learned groundedness model (issue 5).
#
# The library ships inside the PyPI `onnxruntime` wheel (onnxruntime/capi/libonnxruntime.so.*);
# this downloads that wheel with pip into deploy/.cache/, extracts the library to
# deploy/.cache/onnxruntime-$VERSION/libonnxruntime.so and prints its absolute path on stdout.
# Idempotent (nothing is downloaded when the library is already there). groundcheck loads it
# at startup from `--nli-runtime` / GROUNDCHECK_NLI_RUNTIME (or ORT_DYLIB_PATH).
#
# Usage: export GROUNDCHECK_NLI_RUNTIME="$(deploy/onnxruntime.sh)"
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Must match the `api-NN` feature of the `ort` crate (collector/Cargo.toml): api-31 = ORT 1.31.
VERSION="${ONNXRUNTIME_VERSION:-1.31.1}"
CACHE="$ROOT/deploy/.cache"
DEST="$CACHE/onnxruntime-$VERSION"
LIB="$DEST/libonnxruntime.so"
if [[ ! -f "$LIB" ]]; then
    mkdir -p "$CACHE/wheels" "$DEST"
    PY="${PYTHON:-python3}"
    whl=$(ls "$CACHE"/wheels/onnxruntime-"$VERSION"-*.whl 2>/dev/null | head -n1 || true)
    if [[ -z "$whl" ]]; then
        "$PY" -m pip download --quiet --no-deps --only-binary :all: -d "$CACHE/wheels" "onnxruntime==$VERSION" >&2
        whl=$(ls "$CACHE"/wheels/onnxruntime-"$VERSION"-*.whl | head -n1)
    fi
    "$PY" - "$whl" "$LIB" <<'PY'
import sys, zipfile
whl, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(whl) as z:
    names = [n for n in z.namelist() if n.startswith("onnxruntime/capi/libonnxruntime.so")]
    if not names:
        sys.exit(f"no libonnxruntime.so in {whl}")
    with open(out + ".tmp", "wb") as f:
        f.write(z.read(sorted(names, key=len)[-1]))
import os
os.replace(out + ".tmp", out)
PY
fi
echo "$LIB"
