#!/usr/bin/env node
// The `mkt` binary: the workspace ships TypeScript sources, which tsx loads.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
