#!/usr/bin/env bash
# `npm test`: every test on a fresh machine. Browsers installed if missing, dist/ built, then two
# lanes side by side:
#   - the e2e files that may share the machine (scripts/test-e2e.sh's first part), printed as
#     they run: they mostly wait on pages (about two thirds of one core for the whole suite);
#   - the CPU-bound checks, one after another at a lower priority (nice), so that the pages of
#     the e2e lane get the CPU when they need it: the typecheck, the unit tests, the browser
#     tests. Their output is kept and printed once they are done.
# Then the e2e files that measure time, alone on the machine. Fails when any part fails, after
# running them all (a failure in one lane does not hide the other's results).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-browsers.sh || exit 1
node build.mjs || exit 1
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
started=$SECONDS
(
  set -e
  # Lower this lane (and everything it starts) below the e2e lane.
  renice -n 10 -p "$BASHPID" >/dev/null 2>&1 || true
  lane() { local name=$1; shift; local t=$SECONDS; echo "== $name"; "$@"; echo "== $name: passed in $((SECONDS - t)) s"; }
  lane typecheck npm run -s typecheck
  lane "unit tests" npm run -s test:unit
  lane "browser tests" npm run -s test:browser
) > "$logs/checks.log" 2>&1 &
checks_pid=$!
E2E_PART=together bash scripts/test-e2e.sh
e2e_status=$?
echo "== e2e (side by side): exit $e2e_status after $((SECONDS - started)) s"
wait "$checks_pid"
checks_status=$?
echo "== typecheck, unit and browser tests (ran beside the e2e files): exit $checks_status after $((SECONDS - started)) s"
cat "$logs/checks.log"
E2E_PART=alone bash scripts/test-e2e.sh
alone_status=$?
echo "== e2e (alone): exit $alone_status; npm test took $((SECONDS - started)) s after the build"
[ "$e2e_status" -eq 0 ] && [ "$checks_status" -eq 0 ] && [ "$alone_status" -eq 0 ]
