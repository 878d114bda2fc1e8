#!/usr/bin/env bash
# Create (or reuse) the Python virtualenv used by the end-to-end tests: `.venv/` in the
# repository root with the pinned OpenTelemetry Python SDK and both OTLP exporters.
#
# Idempotent: an existing venv is reused, and pip is only invoked when a pinned package is
# missing or at another version. Usage: deploy/setup-python.sh  (PYTHON=python3.x to pick
# the interpreter that creates the venv).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-python3}"
OTEL_VERSION="1.45.2"
PACKAGES=(
    "opentelemetry-sdk==$OTEL_VERSION"
    "opentelemetry-exporter-otlp-proto-grpc==$OTEL_VERSION"
    "opentelemetry-exporter-otlp-proto-http==$OTEL_VERSION"
)

if [[ -x "$VENV/bin/python" ]] && "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
    echo "setup-python: reusing virtualenv $VENV ($("$VENV/bin/python" --version 2>&1))"
else
    echo "setup-python: creating virtualenv $VENV with $("$PYTHON" --version 2>&1)"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
fi

# Which pins are not satisfied yet?
missing=()
for spec in "${PACKAGES[@]}"; do
    name="${spec%%==*}"
    want="${spec##*==}"
    have="$("$VENV/bin/python" -m pip show "$name" 2>/dev/null | sed -n 's/^Version: //p' || true)"
    if [[ "$have" == "$want" ]]; then
        echo "setup-python: $name $have already installed"
    else
        echo "setup-python: $name ${have:-not installed} -> $want"
        missing+=("$spec")
    fi
done

if ((${#missing[@]})); then
    echo "setup-python: pip install ${missing[*]}"
    "$VENV/bin/python" -m pip install --quiet "${missing[@]}"
else
    echo "setup-python: nothing to install"
fi

# Smoke check: both exporters import.
"$VENV/bin/python" - <<'EOF'
import opentelemetry.sdk.version as v
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as G  # noqa: F401
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as H  # noqa: F401
print(f"setup-python: opentelemetry-sdk {v.__version__} with OTLP gRPC and HTTP exporters is ready")
EOF
echo "setup-python: use $VENV/bin/python"
