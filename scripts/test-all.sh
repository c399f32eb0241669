#!/usr/bin/env bash
# `npm test`: every test on a fresh machine. Browsers installed if missing, dist/ built, then two
# lanes side by side:
#   - the e2e files that may share the machine (scripts/test-e2e.sh's first part), printed as
#     they run: they mostly wait on pages (about two thirds of one core for the whole suite);
#   - the CPU-bound checks, one after another at a lower priority (nice), so that the pages of
#     the e2e lane get the CPU when they need it: the typecheck, the unit tests, the browser
#     tests. Their output is kept and printed once they are done.
# Then the files that measure time, alone on the machine: the server tests named *.timed.test.ts
# (npm run test:timed: a bar in seconds means nothing for a process at nice 10 under three
# browsers) and the e2e files that do. Fails when any part fails, after running them all (a
# failure in one lane does not hide the other's results).
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
E2E_PART=together bash scripts/test-e2e.sh 2>&1 | tee "$logs/e2e.log"
e2e_status=${PIPESTATUS[0]}
echo "== e2e (side by side): exit $e2e_status after $((SECONDS - started)) s"
wait "$checks_pid"
checks_status=$?
echo "== typecheck, unit and browser tests (ran beside the e2e files): exit $checks_status after $((SECONDS - started)) s"
cat "$logs/checks.log"
npm run -s test:timed 2>&1 | tee "$logs/timed.log"
timed_status=${PIPESTATUS[0]}
echo "== timed server tests (alone): exit $timed_status"
E2E_PART=alone bash scripts/test-e2e.sh 2>&1 | tee "$logs/alone.log"
alone_status=${PIPESTATUS[0]}
echo "== e2e (alone): exit $alone_status; npm test took $((SECONDS - started)) s after the build"
# A long run's failures are far above its end, and a CI log may keep only its tail: repeat each
# failing test here, with the first lines of what it reported.
failures() {
  local log=$1 lane=$2
  grep -q "^ *not ok" "$log" || return 0
  echo "== failed in $lane:"
  grep -A 24 "^ *not ok" "$log" | grep -v -E "^ *(duration_ms|type):" | head -n 150
}
# A file that failed beside others and passed alone (scripts/test-e2e.sh): named, with its failure.
if grep -h "^== e2e FLAKY" "$logs/e2e.log" && [ "$e2e_status" -eq 0 ]; then
  failures "$logs/e2e.log" "the e2e files side by side, first try"
fi
if [ "$e2e_status" -ne 0 ] || [ "$checks_status" -ne 0 ] || [ "$timed_status" -ne 0 ] || [ "$alone_status" -ne 0 ]; then
  echo "== summary: e2e side by side exit $e2e_status; typecheck, unit and browser exit $checks_status; timed server tests exit $timed_status; e2e alone exit $alone_status"
  failures "$logs/e2e.log" "the e2e files side by side"
  failures "$logs/checks.log" "the typecheck, unit and browser tests"
  failures "$logs/timed.log" "the timed server tests"
  failures "$logs/alone.log" "the e2e files alone"
  grep -E -B 2 -A 12 "error TS|❌|✗" "$logs/checks.log" | head -n 60
fi
[ "$e2e_status" -eq 0 ] && [ "$checks_status" -eq 0 ] && [ "$timed_status" -eq 0 ] && [ "$alone_status" -eq 0 ]
