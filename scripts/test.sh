#!/usr/bin/env bash
# Install everything and run the whole test suite: lint, format check, type check, rules, store, pictures,
# cogs and the end-to-end games through the loopback Discord. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh dev
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
exec .venv/bin/python -m pytest "$@"
