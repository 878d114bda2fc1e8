#!/usr/bin/env bash
# Arize Phoenix (an OTLP-receiving LLM-observability server with a web UI) on loopback for
# end-to-end tests, from PyPI only: `arize-phoenix==20.26.1` in its own virtualenv under
# deploy/.cache (not the shared .venv: Phoenix pins many packages). SQLite storage in a
# working directory that `start` wipes, so every start begins with no spans (only the
# empty `default` project).
# See deploy/PHOENIX_NOTES.md for the REST/UI endpoints the tests use.
#
#   deploy/phoenix.sh [start]   install if needed, start fresh in the background, wait until it answers
#   deploy/phoenix.sh stop      stop the server started by this script
#   deploy/phoenix.sh status    exit 0 when Phoenix answers on the HTTP port
#   deploy/phoenix.sh install   only install (idempotent)
#   deploy/phoenix.sh url       print the base URL of the HTTP API/UI
#
# Environment (defaults in brackets):
#   PHOENIX_PORT           [6006]  HTTP: UI, REST API (/v1/...), GraphQL and OTLP/HTTP (/v1/traces)
#   PHOENIX_GRPC_PORT      [4417]  OTLP/gRPC receiver (not 4317, which groundcheck itself uses).
#                                  Note: Phoenix binds gRPC on [::] (all interfaces), whatever the host.
#   PHOENIX_STATE_DIR      [deploy/.cache/phoenix]  phoenix.pid, phoenix.log and work/ (SQLite)
#   PHOENIX_START_TIMEOUT  [120]   seconds to wait for /healthz and the gRPC listener
#   PHOENIX_VERSION        [20.26.1]
#   PYTHON                 [python3] interpreter for the venv (Phoenix needs Python >= 3.10)
#
# Idempotent: `start` when our server already answers does nothing (the data is NOT wiped
# then; `stop` first for a fresh one); when another server already answers on the HTTP port
# it is used as is (and `stop` leaves it alone). Install takes ~80 s, start ~20-30 s.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/deploy/.cache"
PHOENIX_VERSION="${PHOENIX_VERSION:-20.26.1}"
PKG="arize-phoenix==$PHOENIX_VERSION"
VENV="$CACHE/phoenix-$PHOENIX_VERSION-venv"
PORT="${PHOENIX_PORT:-6006}"
GRPC_PORT="${PHOENIX_GRPC_PORT:-4417}"
STATE_DIR="${PHOENIX_STATE_DIR:-$CACHE/phoenix}"
WORK_DIR="$STATE_DIR/work"
PID_FILE="$STATE_DIR/phoenix.pid"
LOG_FILE="$STATE_DIR/phoenix.log"
TIMEOUT="${PHOENIX_START_TIMEOUT:-120}"
PYTHON="${PYTHON:-python3}"
URL="http://127.0.0.1:$PORT"

say() { echo "phoenix.sh: $*"; }
die() { echo "phoenix.sh: error: $*" >&2; exit 1; }

http_get() {
    if command -v curl >/dev/null; then
        curl -s --max-time "${2:-2}" "$1" 2>/dev/null || true
    else
        python3 -c 'import sys, urllib.request
try: print(urllib.request.urlopen(sys.argv[1], timeout=float(sys.argv[2])).read().decode().strip())
except Exception: pass' "$1" "${2:-2}"
    fi
}

# /healthz answers "OK" once the app (and its DB migrations) is up. `start` also waits for the
# OTLP gRPC listener.
answers() { [[ "$(http_get "$URL/healthz" | tr -d '[:space:]')" == "OK" ]]; }

grpc_open() { (exec 3<>"/dev/tcp/127.0.0.1/$GRPC_PORT") 2>/dev/null; }

# install() removes the venv when pip fails, so the package's dist-info means a complete
# install (importing phoenix to ask its version would take ~10 s).
installed() {
    [[ -x "$VENV/bin/phoenix" ]] &&
        compgen -G "$VENV/lib/python3*/site-packages/arize_phoenix-$PHOENIX_VERSION.dist-info/RECORD" >/dev/null
}

our_pid() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
    # A process forked a moment ago may not have exec'd yet (its cmdline is still the shell's):
    # give it a second to become what the pid file says before calling the pid foreign.
    local _
    for _ in $(seq 10); do
        grep -q phoenix "/proc/$pid/cmdline" 2>/dev/null && { echo "$pid"; return 0; }
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

install() {
    if installed; then
        say "arize-phoenix $PHOENIX_VERSION already installed in $VENV"
        return
    fi
    command -v "$PYTHON" >/dev/null || die "$PYTHON not found (needed to install $PKG)"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
        die "$PYTHON is $("$PYTHON" --version 2>&1); arize-phoenix needs Python >= 3.10"
    say "installing $PKG into $VENV (about 80 s, 1 GB)"
    mkdir -p "$CACHE"
    # Install in place (a venv's scripts hard-code its path); a failed or partial install is
    # removed, and `installed` checks the version is importable, so a rerun starts over.
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$PKG"; then
        rm -rf "$VENV"
        die "pip install $PKG failed (needs access to PyPI)"
    fi
    installed || die "$PKG installed but $VENV has no phoenix $PHOENIX_VERSION"
    say "installed arize-phoenix $PHOENIX_VERSION in $VENV"
}

start() {
    if pid="$(our_pid)" && answers; then
        say "already running (pid $pid) on $URL (OTLP gRPC :$GRPC_PORT), data $WORK_DIR"
        return
    fi
    if answers; then
        say "a server already answers on $URL (not started by this script); using it"
        return
    fi
    if pid="$(our_pid)"; then
        say "pid $pid from $PID_FILE does not answer; stopping it first"
        stop
    fi
    install
    mkdir -p "$STATE_DIR"
    rm -rf "$WORK_DIR"
    mkdir -p "$WORK_DIR"
    : >"$LOG_FILE"
    # Telemetry and external resources (web fonts, pixels, sandbox download) off: this
    # machine may have no internet, and a headless browser must not wait on it. Migration
    # logging off (it writes ~4500 lines of SQL per fresh database).
    env PHOENIX_HOST=127.0.0.1 \
        PHOENIX_PORT="$PORT" \
        PHOENIX_GRPC_PORT="$GRPC_PORT" \
        PHOENIX_WORKING_DIR="$WORK_DIR" \
        PHOENIX_TELEMETRY_ENABLED=false \
        PHOENIX_ALLOW_EXTERNAL_RESOURCES=false \
        PHOENIX_LOG_MIGRATIONS=false \
        setsid "$VENV/bin/phoenix" serve >>"$LOG_FILE" 2>&1 </dev/null &
    local pid=$!
    echo "$pid" >"$PID_FILE"
    local waited=0
    until answers && grpc_open; do
        if ! kill -0 "$pid" 2>/dev/null; then
            rm -f "$PID_FILE"
            echo "---- $LOG_FILE (last 30 lines) ----" >&2
            tail -n 30 "$LOG_FILE" >&2 || true
            die "Phoenix exited during start (ports $PORT/$GRPC_PORT in use?)"
        fi
        if ((waited >= TIMEOUT * 5)); then
            echo "---- $LOG_FILE (last 30 lines) ----" >&2
            tail -n 30 "$LOG_FILE" >&2 || true
            kill "$pid" 2>/dev/null || true
            rm -f "$PID_FILE"
            die "Phoenix did not answer $URL/healthz and listen on gRPC :$GRPC_PORT within ${TIMEOUT}s"
        fi
        sleep 0.2
        waited=$((waited + 1))
    done
    local version
    version="$(http_get "$URL/arize_phoenix_version")"
    say "Phoenix ${version:-$PHOENIX_VERSION} running (pid $pid) on $URL (OTLP/HTTP $URL/v1/traces, OTLP gRPC 127.0.0.1:$GRPC_PORT), data $WORK_DIR, log $LOG_FILE"
}

stop() {
    local pid
    if ! pid="$(our_pid)"; then
        rm -f "$PID_FILE"
        say "not running (no live pid in $PID_FILE)"
        return
    fi
    # setsid made it a process-group leader: signal the group (uvicorn/gRPC workers included).
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        say "pid $pid did not stop within 10 s of SIGTERM; sending SIGKILL"
        kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
        sleep 0.2
    fi
    rm -f "$PID_FILE"
    say "stopped (pid $pid)"
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    install) install ;;
    status)
        if answers; then say "answering on $URL"; else say "not answering on $URL"; exit 1; fi
        ;;
    url) echo "$URL" ;;
    *) die "usage: $0 [start|stop|status|install|url]" ;;
esac
