#!/usr/bin/env bash
# `pnpm test` (`./dev test`, what CI runs). The unit project starts at once beside the static checks; the
# projects that need infrastructure (integration, e2e, security) start in one vitest run as soon as the
# checks have passed, while the unit files may still be running. The unit files run in a single fork
# (vitest.config.ts): after the integration files, as they used to, they held the end of the run on one
# of 2 cores for about a minute, and the checks' two lanes leave a core idle too. The unit project's
# output follows the others'. The exit status is non-zero when any part failed; after failed checks
# nothing else runs.
set -uo pipefail
cd "$(dirname "$0")/.."

unit_log=$(mktemp)
# In a process group of its own, so the trap stops vitest's fork too (killing pnpm alone leaves it running).
setsid pnpm exec vitest run --project unit >"$unit_log" 2>&1 &
unit=$!
trap 'kill -- -"$unit" 2>/dev/null; rm -f "$unit_log"' EXIT

if ! pnpm -s run checks; then
  echo "test: the static checks failed; no test was run"
  exit 1
fi
pnpm exec vitest run --project integration --project e2e --project security
rest_status=$?
wait "$unit"
unit_status=$?
cat "$unit_log"
[ "$unit_status" = 0 ] || echo "test: the unit project failed"
[ "$rest_status" = 0 ] || echo "test: the integration, e2e or security project failed"
[ "$unit_status" = 0 ] && [ "$rest_status" = 0 ]
