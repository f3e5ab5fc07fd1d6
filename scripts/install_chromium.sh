#!/usr/bin/env bash
# Install Debian's Chromium (for the browser test, tests/sandbox/) when /usr/bin/chromium is
# missing. Quiet; exits non-zero with one line when it cannot.
set -uo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo -n"
  else
    echo "install_chromium: /usr/bin/chromium is missing and installing it needs root (apt-get install chromium)" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install_chromium: /usr/bin/chromium is missing and there is no apt-get here; install Chromium by hand" >&2
  exit 1
fi
if ! $sudo apt-get update -qq >/dev/null 2>&1 \
  || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null 2>&1 \
  || [ ! -x /usr/bin/chromium ]; then
  echo "install_chromium: could not install Debian's chromium package (apt-get install chromium failed)" >&2
  exit 1
fi
