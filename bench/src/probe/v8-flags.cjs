/**
 * A preload that applies V8 flags NODE_OPTIONS refuses (`--trace-gc`, `--trace-gc-nvp`, ...):
 * `NODE_OPTIONS="--require <this file>" V8_FLAGS="--trace-gc"`. Set before the application loads, so they
 * hold for nearly the whole run (v8.setFlagsFromString; for diagnostics, not for production settings).
 */
"use strict";
const flags = (process.env.V8_FLAGS ?? "").split(/\s+/).filter(Boolean);
for (const flag of flags) require("node:v8").setFlagsFromString(flag);
