#!/bin/sh
# Fills Node's compile cache (V8 code cache, https://nodejs.org/api/module.html#module-compile-cache) for
# one target at build time, so its processes start without compiling the modules they load (docs/images.md).
# Run in the target's tree (/app in the image) as the user the processes run as: Node keeps the cache in a
# subdirectory named after the Node version, the V8 flags and the uid, and silently ignores another's.
#
#   compile-cache.sh <service|gateway|simulator|path of an entry .mjs> <cache directory>
#
# The target is started by entrypoint.sh (beside this script), as the image starts it, with an empty
# environment but RUNTIME_TUNING and RUNTIME_TUNING_SKIP when set (`pnpm images:gateway-start --gc off`
# fills a cache for a start without --single-threaded-gc): it loads every module it imports, refuses its
# missing configuration and exits, and Node writes the code of what it compiled on exit. The simulator
# runs bare and gets no cache.
set -eu
target=$1
cache=$2
[ "$target" = simulator ] && exit 0
# The configuration error is the expected end; a process that does not end by itself is stopped.
env -i PATH="$PATH" NODE_COMPILE_CACHE="$cache" SERVICE="$target" \
  RUNTIME_TUNING="${RUNTIME_TUNING:-}" RUNTIME_TUNING_SKIP="${RUNTIME_TUNING_SKIP:-}" \
  timeout 120 sh "$(dirname "$0")/entrypoint.sh" >/dev/null 2>&1 || true
entries=$(find "$cache" -type f | wc -l)
if [ "$entries" -lt 10 ]; then
  echo "compile-cache.sh: $target left $entries cache entries in $cache" >&2
  exit 1
fi
echo "compile-cache.sh: $entries cache entries for $target in $cache"
