#!/usr/bin/env bash
# The browser tests drive Debian's Chromium: Playwright's own browser downloads cannot be reached
# here, so `playwright install` is never used. CI runs as root on a fresh machine, where this
# installs the package; elsewhere it only checks.
set -euo pipefail

browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable." >&2
  exit 1
fi

echo "Chromium is missing: installing Debian's chromium package." >&2
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "Run as root (or install chromium yourself: apt-get install -y chromium)." >&2
  exit 1
fi
"${sudo[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y chromium
test -x "$browser"
