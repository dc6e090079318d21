#!/usr/bin/env bash
# `pnpm test` (`./dev test`, what CI runs): the static checks and the unit project side by side, then
# the projects that need infrastructure (integration, e2e, security) in one vitest run. The checks' two
# lanes leave a core idle for most of their time, and the unit files run in a single fork: alone at the
# end of the run (as they were, after the integration files) they kept one of 2 cores idle. The exit
# status is non-zero when any part failed; the infrastructure projects do not start after a failure.
set -uo pipefail
cd "$(dirname "$0")/.."

unit_log=$(mktemp)
trap 'rm -f "$unit_log"' EXIT

pnpm exec vitest run --project unit >"$unit_log" 2>&1 &
unit=$!
pnpm -s run checks
checks_status=$?
wait "$unit"
unit_status=$?
cat "$unit_log"
if [ "$checks_status" != 0 ] || [ "$unit_status" != 0 ]; then
  echo "test: $([ "$checks_status" != 0 ] && echo "the static checks")$([ "$checks_status" != 0 ] && [ "$unit_status" != 0 ] && echo " and ")$([ "$unit_status" != 0 ] && echo "the unit project") failed; the other projects were not run"
  exit 1
fi
exec pnpm exec vitest run --project integration --project e2e --project security
