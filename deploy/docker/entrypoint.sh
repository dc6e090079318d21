#!/bin/sh
# The image's entry point (deploy/docker/Dockerfile) and the start the build's compile-cache fill makes
# (compile-cache.sh): runs $SERVICE's compiled entry with node as PID 1, so SIGTERM reaches the process
# itself (every service drains and exits 0 on it). Arguments are passed on:
#   docker run marketplace/catalogue migrate     applies the migrations and exits
#
# - simulator (the Infuse-IoT simulator): runs bare.
# - every other target: the runtime tuning preload (ADR 0005; RUNTIME_TUNING=off turns it off,
#   RUNTIME_TUNING_SKIP leaves tunings out), then the telemetry preload (OpenTelemetry and its
#   instrumentations), then the entry.
# - `--single-threaded-gc`, the one tuning only the command line can set, unless RUNTIME_TUNING=off,
#   RUNTIME_TUNING_SKIP names single-threaded-gc, or the target is settlements (its exports peak higher
#   with it). startFlags (packages/runtime-tuning/src/start-flags.ts) is the launcher's form of this rule;
#   manifests.test.ts checks that the two agree.
# SERVICE may also name an entry .mjs in this tree (`pnpm images:gateway-start --bundle` measures another
# build of the gateway).
set -eu
case "${SERVICE:-}" in
  "") echo "entrypoint.sh: SERVICE is not set" >&2; exit 64 ;;
  simulator) exec node deploy/local/dist/simulator/main.mjs "$@" ;;
  gateway) entry=gateway/dist/main.mjs ;;
  *.mjs) entry=$SERVICE ;;
  *) entry=services/$SERVICE/dist/main.mjs ;;
esac
# Keys are read as the preload reads them: spaces dropped, case ignored.
key() { printf '%s' "$1" | tr -d ' ' | tr 'A-Z' 'a-z'; }
gc=--single-threaded-gc
case "$SERVICE" in settlements) gc= ;; esac
case "$(key "${RUNTIME_TUNING:-}")" in off) gc= ;; esac
case ",$(key "${RUNTIME_TUNING_SKIP:-}")," in *,single-threaded-gc,*) gc= ;; esac
exec node $gc --import ./packages/runtime-tuning/dist/register.mjs \
  --import ./packages/telemetry/dist/register.mjs "$entry" "$@"
