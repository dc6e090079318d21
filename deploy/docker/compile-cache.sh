#!/bin/sh
# Fills Node's compile cache (V8 code cache, https://nodejs.org/api/module.html#module-compile-cache) for
# one target at build time, so its processes start without compiling the modules they load (docs/images.md).
# Run in the target's tree (/app in the image) as the user the processes run as: Node keeps the cache in a
# subdirectory named after the Node version, the V8 flags and the uid, and silently ignores another's.
#
#   compile-cache.sh <service|gateway|simulator|path of an entry .mjs> <cache directory>
#
# The entry is started exactly as the image's ENTRYPOINT starts it by default (both preloads and
# `--single-threaded-gc` but for settlements) with an empty environment: it loads every module it
# imports, refuses its missing configuration and exits, and Node writes the code of what it compiled on
# exit. The simulator runs bare and gets no cache.
# START_FLAGS replaces the flags (empty: none) for a start measured another way
# (`pnpm images:gateway-start --gc both`).
set -eu
target=$1
cache=$2
case "$target" in
  settlements) default_flags= ;;
  *) default_flags=--single-threaded-gc ;;
esac
flags=${START_FLAGS-$default_flags}
case "$target" in
  simulator) exit 0 ;;
  gateway) entry=gateway/dist/main.mjs ;;
  *.mjs) entry=$target ;;
  *) entry=services/$target/dist/main.mjs ;;
esac
# The configuration error is the expected end; a process that does not end by itself is stopped.
env -i PATH="$PATH" NODE_COMPILE_CACHE="$cache" timeout 120 node $flags \
  --import ./packages/runtime-tuning/dist/register.mjs --import ./packages/telemetry/dist/register.mjs \
  "$entry" >/dev/null 2>&1 || true
entries=$(find "$cache" -type f | wc -l)
if [ "$entries" -lt 10 ]; then
  echo "compile-cache.sh: $entry left $entries cache entries in $cache" >&2
  exit 1
fi
echo "compile-cache.sh: $entries cache entries for $entry in $cache"
