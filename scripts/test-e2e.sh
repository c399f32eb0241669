#!/usr/bin/env bash
# The end-to-end suite (needs a built dist/: `node build.mjs`). Each file starts its own demo
# site on a random port base and its own browser (engine-*.test.ts: Chromium, Firefox,
# WebKit), so most files run side by side
# (E2E_CONCURRENCY, default 2); the files that measure time run afterwards, one at a time.
# Fails when any file fails. Extra arguments go to node (e.g. --test-reporter=spec).
set -uo pipefail
cd "$(dirname "$0")/.."
ALONE=(test/e2e/first-click.test.ts test/e2e/pacing.test.ts)
mapfile -t ALL < <(find test/e2e -name "*.test.ts" | sort)
TOGETHER=()
for file in "${ALL[@]}"; do
  [[ " ${ALONE[*]} " == *" $file "* ]] || TOGETHER+=("$file")
done
status=0
node --import tsx --test --test-concurrency="${E2E_CONCURRENCY:-2}" "$@" "${TOGETHER[@]}" || status=1
node --import tsx --test --test-concurrency=1 "$@" "${ALONE[@]}" || status=1
exit $status
