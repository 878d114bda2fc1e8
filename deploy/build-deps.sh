#!/usr/bin/env bash
# System packages the build needs beyond Rust: the `rdkafka` crate builds the bundled
# librdkafka (2.12) with make, so it needs a C toolchain, make, pkg-config and zlib headers.
# Idempotent: installs (Debian/Ubuntu apt-get) only what is missing; elsewhere it only checks.
set -euo pipefail

missing=()
command -v gcc >/dev/null || missing+=(gcc)
command -v make >/dev/null || missing+=(make)
command -v pkg-config >/dev/null || missing+=(pkg-config)
if ! { [[ -f /usr/include/zlib.h ]] || pkg-config --exists zlib 2>/dev/null; }; then
    missing+=(zlib1g-dev)
fi
if ((${#missing[@]} == 0)); then
    echo "build-deps: gcc, make, pkg-config, zlib headers present"
    exit 0
fi
echo "build-deps: missing ${missing[*]}"
command -v apt-get >/dev/null || { echo "build-deps: install ${missing[*]} with your package manager" >&2; exit 1; }
SUDO=""
[[ "$(id -u)" == 0 ]] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
echo "build-deps: installed ${missing[*]}"
