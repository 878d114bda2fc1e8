#!/usr/bin/env bash
# A real ClickHouse server on loopback for tests and development, from the package registries
# only: the npm package @chdb/lib-linux-x64-gnu ships libchdb.so (ClickHouse 26.7, the whole
# server as a shared library); deploy/clickhouse_server.py starts its HTTP and native
# listeners. Needs node/npm (install) and python3 (launcher).
#
#   deploy/clickhouse.sh [start]   install if needed, start in the background, wait for /ping
#   deploy/clickhouse.sh stop      stop the server started from this data directory
#   deploy/clickhouse.sh status    exit 0 when it answers /ping
#   deploy/clickhouse.sh install   only install (idempotent)
#
# Environment (defaults in brackets):
#   CLICKHOUSE_HTTP_PORT  [8123]   HTTP interface (the groundcheck sink uses it)
#   CLICKHOUSE_TCP_PORT   [9000]   native protocol
#   CLICKHOUSE_DATA_DIR   [deploy/.cache/clickhouse-data]  data; also holds clickhouse.pid and
#                                  clickhouse.log. Data survives restarts.
#   CLICKHOUSE_START_TIMEOUT [60]  seconds to wait for /ping
#   CHDB_VERSION          [26.7.3-stable.1]
#
# Idempotent: `start` when this data directory's server already answers does nothing; when
# another server already answers on the HTTP port it is used as is (and `stop` leaves it alone).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/deploy/.cache"
CHDB_VERSION="${CHDB_VERSION:-26.7.3-stable.1}"
PKG="@chdb/lib-linux-x64-gnu"
PREFIX="$CACHE/chdb-$CHDB_VERSION"
LIB="$PREFIX/node_modules/$PKG/libchdb.so"
HTTP_PORT="${CLICKHOUSE_HTTP_PORT:-8123}"
TCP_PORT="${CLICKHOUSE_TCP_PORT:-9000}"
DATA_DIR="${CLICKHOUSE_DATA_DIR:-$CACHE/clickhouse-data}"
PID_FILE="$DATA_DIR/clickhouse.pid"
LOG_FILE="$DATA_DIR/clickhouse.log"
TIMEOUT="${CLICKHOUSE_START_TIMEOUT:-60}"
URL="http://127.0.0.1:$HTTP_PORT"

say() { echo "clickhouse.sh: $*"; }
die() { echo "clickhouse.sh: error: $*" >&2; exit 1; }

http_get() {
    if command -v curl >/dev/null; then
        curl -s --max-time "${2:-2}" "$1" 2>/dev/null || true
    else
        python3 -c 'import sys, urllib.request
try: print(urllib.request.urlopen(sys.argv[1], timeout=float(sys.argv[2])).read().decode().strip())
except Exception: pass' "$1" "${2:-2}"
    fi
}

ping_ok() { [[ "$(http_get "$URL/ping" | tr -d '[:space:]')" == "Ok." ]]; }

our_pid() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
    # A process forked a moment ago may not have exec'd yet (its cmdline is still the shell's):
    # give it a second to become what the pid file says before calling the pid foreign.
    local _
    for _ in $(seq 10); do
        grep -q clickhouse_server.py "/proc/$pid/cmdline" 2>/dev/null && { echo "$pid"; return 0; }
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

install() {
    if [[ -f "$LIB" ]]; then
        say "ClickHouse (chdb $CHDB_VERSION) already installed at $LIB"
        return
    fi
    command -v npm >/dev/null || die "npm not found: install Node.js (npm) to fetch $PKG@$CHDB_VERSION"
    command -v python3 >/dev/null || die "python3 not found (needed for deploy/clickhouse_server.py)"
    say "installing $PKG@$CHDB_VERSION into $PREFIX (about 540 MB)"
    mkdir -p "$PREFIX"
    local tmp="$PREFIX.tmp.$$"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    if ! npm install --prefix "$tmp" --no-audit --no-fund --no-save --loglevel=error "$PKG@$CHDB_VERSION" >&2; then
        rm -rf "$tmp"
        die "npm install $PKG@$CHDB_VERSION failed (needs access to the npm registry)"
    fi
    [[ -f "$tmp/node_modules/$PKG/libchdb.so" ]] || { rm -rf "$tmp"; die "$PKG@$CHDB_VERSION has no libchdb.so"; }
    rm -rf "$PREFIX"
    mv "$tmp" "$PREFIX"
    say "installed $LIB"
}

start() {
    if pid="$(our_pid)" && ping_ok; then
        say "already running (pid $pid) on $URL, data $DATA_DIR"
        return
    fi
    if ping_ok; then
        say "a ClickHouse server already answers on $URL (not started from $DATA_DIR); using it"
        return
    fi
    if pid="$(our_pid)"; then
        say "pid $pid from $PID_FILE does not answer /ping; stopping it first"
        stop
    fi
    install
    mkdir -p "$DATA_DIR"
    : >"$LOG_FILE"
    setsid python3 "$ROOT/deploy/clickhouse_server.py" "$LIB" "$DATA_DIR" "$HTTP_PORT" "$TCP_PORT" >>"$LOG_FILE" 2>&1 </dev/null &
    local pid=$!
    echo "$pid" >"$PID_FILE"
    local waited=0
    until ping_ok; do
        if ! kill -0 "$pid" 2>/dev/null; then
            rm -f "$PID_FILE"
            echo "---- $LOG_FILE (last 30 lines) ----" >&2
            tail -n 30 "$LOG_FILE" >&2 || true
            die "ClickHouse exited during start (ports $HTTP_PORT/$TCP_PORT in use? data dir $DATA_DIR locked by another server?)"
        fi
        if ((waited >= TIMEOUT * 10)); then
            echo "---- $LOG_FILE (last 30 lines) ----" >&2
            tail -n 30 "$LOG_FILE" >&2 || true
            kill "$pid" 2>/dev/null || true
            rm -f "$PID_FILE"
            die "ClickHouse did not answer $URL/ping within ${TIMEOUT}s"
        fi
        sleep 0.1
        waited=$((waited + 1))
    done
    local version
    version="$(http_get "$URL/?query=SELECT%20version()" 5)"
    say "ClickHouse $version running (pid $pid) on $URL (native :$TCP_PORT), data $DATA_DIR, log $LOG_FILE"
}

stop() {
    local pid
    if ! pid="$(our_pid)"; then
        rm -f "$PID_FILE"
        say "not running (no live pid in $PID_FILE)"
        return
    fi
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        say "pid $pid did not stop within 10 s of SIGTERM; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
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
        if ping_ok; then say "answering on $URL"; else say "not answering on $URL"; exit 1; fi
        ;;
    *) die "usage: $0 [start|stop|status|install]" ;;
esac
