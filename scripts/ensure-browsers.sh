#!/usr/bin/env bash
# The browser and end-to-end tests drive Debian's browsers, one per engine (test tools cannot
# download their own browsers here): chromium; firefox-esr (Firefox, over WebDriver BiDi);
# webkit2gtk-driver with xvfb (WebKitGTK's MiniBrowser through WebKitWebDriver, on a virtual
# display: WebKitGTK has no headless mode). Installs what is missing when we may; otherwise
# says how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
FIREFOX="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
WEBKIT_DRIVER="${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$FIREFOX" ] || missing+=(firefox-esr)
[ -x "$WEBKIT_DRIVER" ] || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Missing browsers: installing Debian's ${missing[*]}..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing: ${missing[*]}. Install them (sudo apt-get install -y ${missing[*]}) or set CHROMIUM_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH." >&2
exit 1
