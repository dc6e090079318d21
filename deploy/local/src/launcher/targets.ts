import { existsSync } from "node:fs";
import { join } from "node:path";
import { SERVICE_NAMES, type ServiceName } from "@mp/config";

/** A process the launcher runs: one of the services, or the gateway in front of them. */
export type Target = ServiceName | "gateway";
export const TARGETS: readonly Target[] = [...SERVICE_NAMES, "gateway"];

export type Env = Record<string, string | undefined>;

/**
 * `LOCAL_STACK_ENTRY` replaces every target's entry file, `{target}` standing for its name (for example
 * `/tmp/stubs/{target}.mjs`), so the launcher can be exercised before the real services boot.
 */
export function entryFile(target: Target, env: Env, root: string): string {
  const template = env.LOCAL_STACK_ENTRY;
  if (template) return template.replaceAll("{target}", target);
  return join(root, target === "gateway" ? "gateway/src/main.ts" : `services/${target}/src/main.ts`);
}

/** The preload that starts telemetry (and its instrumentations) before the entry's imports. */
export function telemetryPreload(root: string): string {
  return join(root, "packages/telemetry/src/register.ts");
}

/**
 * Node options of the services (not the gateway), as in their Kubernetes manifests' `NODE_OPTIONS`:
 * - V8's young generation capped at 16 MiB per semi-space. Left alone, V8 grows it to 64 MiB per semi-space on
 *   a machine with this much memory. A cap of 4 MiB was tried first and cost CPU under load: at 2,000 gRPC
 *   calls a second the catalogue scavenged 50 times a second, so the objects of calls still in flight
 *   survived two scavenges, were promoted and needed a full collection every 300 ms. With 16 MiB it
 *   scavenges about 15 times a second and spent 8-16 % less CPU per call (docs/benchmarks.md, scenario A).
 * - The old generation capped at 256 MiB (under the pods' 512 MiB limit, about eight times a service's
 *   live heap). V8 sizes its heap against this cap: left at its default of several GiB, it lets the old
 *   generation grow to four times the live heap between full collections, so a burst of events left a
 *   service at 270 MB resident where it now stays near 140 MB.
 * - `--expose-gc`, for the heap trim after bursts (@mp/runtime's startHeapTrim): an idle service that grew
 *   16 MiB during a burst runs one low-memory collection, which gives back the pages V8 keeps otherwise
 *   (about 20 MB in settlements after bench E).
 * The gateway gets its own young-generation cap below and keeps V8's default old generation.
 */
export const SERVICE_NODE_OPTIONS: readonly string[] = [
  "--max-semi-space-size=16",
  "--max-old-space-size=256",
  "--expose-gc",
];

/**
 * Settlements streams statement exports (a million-line CSV is 150 MB) through buffers whose memory lies
 * outside V8's heap: each dies young, but is freed only when a scavenge finds its small JavaScript
 * wrapper dead, and scavenges come with JavaScript allocation, not buffer bytes. With a 1 MiB semi-space
 * they come four times as often, so an export leaves about 20 MB of such garbage resident at its peak
 * instead of 40 MB (bench F). The old generation's cap and `--expose-gc` as for the other services.
 */
export const SETTLEMENTS_NODE_OPTIONS: readonly string[] = [
  "--max-semi-space-size=1",
  "--max-old-space-size=256",
  "--expose-gc",
];

/**
 * The gateway's: 16 MiB semi-spaces too. Left to grow to 64 MiB, each scavenge under load copied about 10 MB
 * of answers still in flight and paused the gateway 10-20 ms, every such pause a latency spike for the
 * requests behind it; at 16 MiB the pauses are a few milliseconds (scenario A's p99, docs/benchmarks.md).
 */
export const GATEWAY_NODE_OPTIONS: readonly string[] = ["--max-semi-space-size=16"];

/**
 * V8 flags every process runs with, on the command line (NODE_OPTIONS does not take them):
 * - `--no-allocation-site-pretenuring`: V8 watches how many objects from each allocation site survive a
 *   scavenge and, past 85 %, allocates that site's objects in the old generation from then on. Under steady
 *   load the objects of calls still in flight at a scavenge look long-lived, so V8 pretenured the sites of
 *   the calls a service serves, and each call's objects then waited for a full collection. Measured on the
 *   catalogue at 2,500 calls/s (three fresh pairs of processes, with and without the flag, 2 x 15 s each):
 *   24-25 full collections instead of 53-55, and 13 % less CPU per call. The gateway's figures did not move
 *   (what it promotes has another cause, docs/benchmarks.md). Nothing in these services lives long enough
 *   to gain from pretenuring.
 */
export const V8_FLAGS: readonly string[] = ["--no-allocation-site-pretenuring"];

/** The Node options `target` runs with: see the three lists above. */
export function nodeOptionsFor(target: Target): readonly string[] {
  if (target === "gateway") return GATEWAY_NODE_OPTIONS;
  return target === "settlements" ? SETTLEMENTS_NODE_OPTIONS : SERVICE_NODE_OPTIONS;
}

/**
 * The contract's start command, `node --import tsx --import <telemetry preload> <entry>`, on the Node
 * running the launcher (>= 22), with {@link nodeOptionsFor} the target and {@link V8_FLAGS}.
 */
export function commandFor(target: Target, env: Env, root: string): { command: string; args: string[] } {
  const nodeOptions = nodeOptionsFor(target);
  return {
    command: process.execPath,
    args: [
      ...nodeOptions,
      ...V8_FLAGS,
      "--import",
      "tsx",
      "--import",
      telemetryPreload(root),
      entryFile(target, env, root),
    ],
  };
}

/** Entry files that do not exist, checked before anything starts so a missing one costs no PostgreSQL boot. */
export function missingEntries(env: Env, root: string): string[] {
  return TARGETS.map((target) => entryFile(target, env, root)).filter((file) => !existsSync(file));
}
