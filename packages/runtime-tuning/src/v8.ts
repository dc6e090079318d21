import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { GcFunction } from "./heap-trim";

/**
 * V8 flags the preload sets before the entry loads. V8 reads this one at every scavenge, so setting it at
 * run time takes effect like the command-line flag (`register.test.ts` proves it with V8's pretenuring
 * trace). `--no-allocation-site-pretenuring`: past 85 % of an allocation site's objects surviving a
 * scavenge, V8 allocates that site's objects straight in the old generation; under steady load the
 * objects of calls in flight look long-lived, and every call's objects then wait for a full collection
 * (ADR 0005).
 */
export const V8_FLAGS: readonly string[] = ["--no-allocation-site-pretenuring"];

export function setV8Flags(): void {
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}

/**
 * V8's `gc` function without `--expose-gc` on the command line: with the flag set, V8 installs `gc` in
 * each context created after, so a new vm context has it. The flag is cleared again, so no other context
 * of the process gets one.
 */
export function exposedGc(): GcFunction {
  const existing = (globalThis as { gc?: GcFunction }).gc;
  if (existing) return existing;
  setFlagsFromString("--expose-gc");
  try {
    return runInNewContext("gc") as GcFunction;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}
