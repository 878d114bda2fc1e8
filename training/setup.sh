#!/usr/bin/env bash
# Creates training/.venv with the training/export requirements (PyPI only, CPU).
set -euo pipefail
cd "$(dirname "$0")"
python3 -m venv .venv
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet -r requirements.txt
