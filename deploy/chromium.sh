#!/usr/bin/env bash
# Headless Chromium for the end-to-end tests that render a web UI (e.g. the Phoenix trace
# view, see deploy/PHOENIX_NOTES.md). Installs the Debian package `chromium` with apt-get when
# no chromium binary is on PATH (sudo only when not root), then prints the binary's path on
# stdout (progress goes to stderr, so `CHROMIUM="$(deploy/chromium.sh)"` works).
#
#   deploy/chromium.sh            install if missing, print the path
#
# Environment: CHROMIUM  an existing binary to use instead (printed as is when executable).
#
# Typical use (headless, no GPU, as root in a container):
#   "$CHROMIUM" --headless --no-sandbox --disable-gpu --dump-dom --virtual-time-budget=15000 URL
#   "$CHROMIUM" --headless --no-sandbox --disable-gpu --screenshot=FILE --window-size=1600,1000 \
#       --virtual-time-budget=15000 URL
set -euo pipefail

say() { echo "chromium.sh: $*" >&2; }
die() { echo "chromium.sh: error: $*" >&2; exit 1; }

find_chromium() {
    if [[ -n "${CHROMIUM:-}" && -x "$CHROMIUM" ]]; then
        echo "$CHROMIUM"
        return 0
    fi
    local name
    for name in chromium chromium-browser google-chrome-stable google-chrome; do
        command -v "$name" 2>/dev/null && return 0
    done
    return 1
}

if bin="$(find_chromium)"; then
    say "using $bin"
    echo "$bin"
    exit 0
fi

command -v apt-get >/dev/null || die "no chromium on PATH: install Chromium with your package manager"
SUDO=""
[[ "$(id -u)" == 0 ]] || SUDO="sudo"
say "installing the Debian package chromium with apt-get"
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >&2
bin="$(find_chromium)" || die "apt-get installed chromium but no chromium binary is on PATH"
say "installed $bin ($("$bin" --version 2>/dev/null || echo chromium))"
echo "$bin"
