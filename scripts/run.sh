#!/usr/bin/env bash
# Install what the bot needs and start it. Settings come from .env (see .env.example).
# With DISCORD_TOKEN set (in the environment or in .env) Tavolo runs on Discord; without it,
# the sandbox starts: Tavolo on a stand-in Discord with a page in your browser (127.0.0.1).
# TAVOLO_SKIP_INSTALL=1 skips the install step; TAVOLO_ENV_FILE names another .env (tests).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${TAVOLO_SKIP_INSTALL:-}" != "1" ]; then
  scripts/setup.sh runtime
fi
env_file="${TAVOLO_ENV_FILE:-.env}"
token="${DISCORD_TOKEN:-}"
if [ -z "$token" ] && [ -f "$env_file" ]; then
  token="$(.venv/bin/python -c 'import sys; from dotenv import dotenv_values
print((dotenv_values(sys.argv[1]).get("DISCORD_TOKEN") or "").strip())' "$env_file")"
fi
if [ -n "$token" ]; then
  export DISCORD_TOKEN="$token"
  exec .venv/bin/python bot.py "$@"
fi
echo "No DISCORD_TOKEN set: starting the sandbox (Tavolo on a stand-in Discord, in your browser)."
exec .venv/bin/python -m sandbox "$@"
