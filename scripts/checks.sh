#!/usr/bin/env bash
# The static checks `pnpm test` runs before vitest: lint, both type-checks, the generated gRPC types, the
# OpenAPI document and the SDK's types, and Redocly's lint of the document. Each is a pnpm script of its
# own; they run in two lanes at once (the server type-check, the largest, alone in one; the rest one
# after another in the other), so on 2 cores they take about as long as the server type-check alone.
# Each lane's output is shown when both are done; the exit status is non-zero when any check failed.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Runs the named pnpm scripts in order into $logs/<lane>.log, stopping at the first that fails.
lane() {
  local name=$1
  shift
  for script in "$@"; do
    echo "> pnpm run $script"
    pnpm -s run "$script" || {
      echo "check failed: pnpm run $script"
      return 1
    }
  done >"$logs/$name.log" 2>&1
}

lane server typecheck:server &
server=$!
lane rest lint typecheck:console proto:lint proto:check openapi:check sdk:check openapi:lint &
rest=$!
wait "$server"
server_status=$?
wait "$rest"
rest_status=$?
cat "$logs/server.log" "$logs/rest.log"
[ "$server_status" = 0 ] && [ "$rest_status" = 0 ]
