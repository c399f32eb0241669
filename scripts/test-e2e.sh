#!/usr/bin/env bash
# The end-to-end suite (needs a built dist/: `node build.mjs`). Each file starts its own demo
# site on a random port base and its own browser (engine-*.test.ts: Chromium, Firefox,
# WebKit), so most files run side by side (E2E_CONCURRENCY, default 3: the suite mostly waits
# on pages, about two thirds of one core for the whole run); the files that measure time run
# afterwards, one at a time. E2E_PART=together or E2E_PART=alone runs one of the two parts.
# The slowest files start first, so that no long file is left running alone at the end.
# Fails when any file fails. Extra arguments go to node (e.g. --test-reporter=spec).
set -uo pipefail
cd "$(dirname "$0")/.."
ALONE=(test/e2e/first-click.test.ts test/e2e/pacing.test.ts)
# Longest first (seconds each took in a clean-clone CI run, two at a time): follow-ups 150
# (it waits for a one-minute schedule), checkout 110, servman 100, quote 85, hostile-pages 80,
# engine-webkit 70, conversation 70, resume 70, property 60, production-imagery and engine-measure
# 60 (measured alone). The rest follow in name order.
SLOW=(follow-ups checkout servman engine-webkit quote hostile-pages conversation resume property
  production-imagery engine-measure production-install engine-firefox resume-links layout strict-csp
  brand measure-tool)
ORDERED=()
for name in "${SLOW[@]}"; do ORDERED+=("test/e2e/$name.test.ts"); done
mapfile -t ALL < <(find test/e2e -name "*.test.ts" | sort)
for file in "${ALL[@]}"; do
  [[ " ${ORDERED[*]} " == *" $file "* ]] || ORDERED+=("$file")
done
TOGETHER=()
for file in "${ORDERED[@]}"; do
  [ -f "$file" ] || continue
  [[ " ${ALONE[*]} " == *" $file "* ]] || TOGETHER+=("$file")
done
status=0
part="${E2E_PART:-both}"
if [ "$part" != alone ]; then
  node --import tsx --test --test-concurrency="${E2E_CONCURRENCY:-3}" "$@" "${TOGETHER[@]}" || status=1
fi
if [ "$part" != together ]; then
  node --import tsx --test --test-concurrency=1 "$@" "${ALONE[@]}" || status=1
fi
exit $status
