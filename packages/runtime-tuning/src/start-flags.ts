import { runtimeTuningSkips, runtimeTuningSwitch } from "./switch";

/**
 * The V8 flag of the `single-threaded-gc` tuning, which only the command line can set: Node refuses it in
 * `NODE_OPTIONS`, and V8 aborts when a preload changes its collectors after the heap is set up. Every
 * collection then runs on the process's own thread: no burst of helper threads takes the machine's cores
 * from the other processes' main threads (ADR 0005, "The collectors on the main thread").
 */
export const SINGLE_THREADED_GC = "--single-threaded-gc";

/**
 * Processes that start without the flag whatever the switches say. Settlements: a statement export
 * streams through buffers outside V8's heap, and with every collection on its main thread an export's
 * peak resident memory rose by about 18 MB (scenario F, over its 150 MB goal; ADR 0005).
 */
export const WITHOUT_SINGLE_THREADED_GC: ReadonlySet<string> = new Set(["settlements"]);

/**
 * The flags the command that starts `target` must carry for the tunings `env` asks for: none with
 * `RUNTIME_TUNING=off`, `single-threaded-gc` in `RUNTIME_TUNING_SKIP`, or a target in
 * {@link WITHOUT_SINGLE_THREADED_GC}. A wrong value of either key is refused here as the preload refuses
 * it. The image's entry point reads the same keys the same way (deploy/docker/entrypoint.sh;
 * `manifests.test.ts` checks that the two agree).
 */
export function startFlags(env: Record<string, string | undefined>, target?: string): string[] {
  const skip = runtimeTuningSkips(env);
  if (runtimeTuningSwitch(env) === "off" || skip.has("single-threaded-gc")) return [];
  if (target !== undefined && WITHOUT_SINGLE_THREADED_GC.has(target)) return [];
  return [SINGLE_THREADED_GC];
}
