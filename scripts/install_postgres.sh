#!/usr/bin/env bash
# Install PostgreSQL's server programs (initdb, pg_ctl) for the tests' throwaway server, when
# missing: Debian's/Ubuntu's `postgresql` package. The bot itself never needs them (SQLite is
# the default; a PostgreSQL server of your own is given by TAVOLO_DATABASE_URL).
# Prints one line and exits 0 when it cannot install (no apt-get, not root and no sudo):
# the PostgreSQL tests then say so in one skip line (CI sets TAVOLO_REQUIRE_POSTGRES=1: a failure).
set -uo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install_postgres: no apt-get here; install PostgreSQL (initdb, pg_ctl) yourself for its tests"
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
  else
    echo "install_postgres: not root and no sudo; run: sudo apt-get install postgresql"
    exit 0
  fi
fi
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends postgresql >/dev/null; }; then
  echo "install_postgres: apt-get could not install postgresql; its tests will be skipped"
fi
exit 0
