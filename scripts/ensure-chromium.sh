#!/usr/bin/env bash
# The browser and end-to-end tests drive Debian's Chromium (test tools cannot download
# their own browsers here). Installs it when missing and we may; otherwise says how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $CHROMIUM. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
