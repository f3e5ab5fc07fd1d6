#!/usr/bin/env bash
# Install what the bot needs and start it. Settings come from .env (see .env.example).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh runtime
exec .venv/bin/python bot.py "$@"
