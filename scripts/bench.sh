#!/usr/bin/env bash
# Install everything and run the benchmarks; each prints one Markdown table. No network, no
# Discord: they call the rules, the store and the renderer directly, and the last one runs the
# production bot against the loopback Discord of the tests. Best run on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh dev
.venv/bin/python -m bench.rules_speed --check
.venv/bin/python -m bench.bots
.venv/bin/python -m bench.pictures
.venv/bin/python -m bench.action_latency
.venv/bin/python -m bench.loop_work
.venv/bin/python -m bench.overview
.venv/bin/python -m bench.loopback
.venv/bin/python -m bench.commit_cost
