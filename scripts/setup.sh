#!/usr/bin/env bash
# Create .venv (if missing) and install the pinned dependencies.
# Usage: scripts/setup.sh [runtime|dev]   (default: dev, which adds the test tools)
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-dev}"
python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null 2>&1 || true
if [ "$kind" = "runtime" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
else
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
fi
if [ "$kind" != "runtime" ]; then scripts/install_chromium.sh || true; fi  # Chromium: tests/sandbox/
if [ "$kind" = "dev" ]; then scripts/install_postgres.sh; fi  # the PostgreSQL tests' server
