#!/usr/bin/env bash
# Makes sure a Chromium the browser tests can drive exists (Debian's `chromium`, driven by playwright-core;
# playwright's own browser download does not work where only npm and Debian registries are reachable).
# Installs it with apt-get when missing and running as root; otherwise says what to install.
# Sourced by ./dev before the commands that run browser tests. CHROMIUM_PATH points elsewhere if set.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "browser: /usr/bin/chromium is missing; installing Debian's chromium" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null ||
      { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; } ||
      echo "browser: installing chromium failed; the browser tests will fail" >&2
  else
    echo "browser: /usr/bin/chromium is missing; install Debian's chromium (or set CHROMIUM_PATH)" >&2
  fi
fi
