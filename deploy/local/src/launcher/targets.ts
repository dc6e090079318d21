import { existsSync } from "node:fs";
import { join } from "node:path";
import { SERVICE_NAMES, type ServiceName } from "@mp/config";
import { startFlags } from "@mp/runtime-tuning/start-flags";

/** A process the launcher runs: one of the services, or the gateway in front of them. */
export type Target = ServiceName | "gateway";
export const TARGETS: readonly Target[] = [...SERVICE_NAMES, "gateway"];

export type Env = Record<string, string | undefined>;

/**
 * What the launcher runs (`LOCAL_STACK_BUILD`): `source`, the default, runs the TypeScript through tsx
 * (the contract's start command); `compiled` runs the bundles `pnpm build` makes for the images, built in
 * place first when a source changed (`deploy/build/local-bundles.ts`). A compiled stack starts on about
 * half the CPU, so the test stacks use it.
 */
export type BuildMode = "source" | "compiled";

export function buildMode(env: Env): BuildMode {
  const value = env.LOCAL_STACK_BUILD?.trim().toLowerCase() || "source";
  if (value === "source" || value === "compiled") return value;
  throw new Error(
    `LOCAL_STACK_BUILD must be "source" or "compiled", got ${JSON.stringify(env.LOCAL_STACK_BUILD)}`,
  );
}

/** `packages/x/src/y.ts` as `pnpm build` writes it: `packages/x/dist/y.mjs` (deploy/build/entries.ts). */
function compiledPath(source: string): string {
  return source.replace("/src/", "/dist/").replace(/\.ts$/, ".mjs");
}

/** A repository file the launcher runs: the source itself, or its bundle when compiled. */
export function runnable(source: string, env: Env, root: string): string {
  return join(root, buildMode(env) === "compiled" ? compiledPath(source) : source);
}

/**
 * `LOCAL_STACK_ENTRY` replaces every target's entry file, `{target}` standing for its name (for example
 * `/tmp/stubs/{target}.mjs`), so the launcher can be exercised before the real services boot.
 */
export function entryFile(target: Target, env: Env, root: string): string {
  const template = env.LOCAL_STACK_ENTRY;
  if (template) return template.replaceAll("{target}", target);
  return runnable(target === "gateway" ? "gateway/src/main.ts" : `services/${target}/src/main.ts`, env, root);
}

/** The preload that starts telemetry (and its instrumentations) before the entry's imports. */
export function telemetryPreload(root: string, env: Env): string {
  return runnable("packages/telemetry/src/register.ts", env, root);
}

/** The preload that tunes Node, grpc-js and V8 for the process unless `RUNTIME_TUNING=off` (ADR 0005). */
export function runtimeTuningPreload(root: string, env: Env): string {
  return runnable("packages/runtime-tuning/src/register.ts", env, root);
}

/** `--import tsx` when the launcher runs sources, nothing when it runs bundles. */
export function loaderArgs(env: Env): string[] {
  return buildMode(env) === "compiled" ? [] : ["--import", "tsx"];
}

/**
 * Node options of the services (not the gateway), as in their Kubernetes manifests' `NODE_OPTIONS`: the
 * young generation capped at 16 MiB per semi-space (V8 would grow it to 64 MiB and pause longer per
 * scavenge; 4 MiB made calls in flight outlive two scavenges), and the old generation sized for the pods'
 * 512 MiB (left at its default V8 lets it reach four times the live heap between full collections).
 * V8 sizes its heap when the process starts, before any preload runs, so these stay on the command line.
 * Why these values: ADR 0005.
 */
export const SERVICE_NODE_OPTIONS: readonly string[] = [
  "--max-semi-space-size=16",
  "--max-old-space-size=256",
];

/**
 * Settlements streams statement exports through buffers outside V8's heap, freed only when a scavenge
 * finds their small wrappers dead: with a 1 MiB semi-space scavenges come four times as often, so an export
 * leaves half as much of such garbage resident. The old generation's cap as for the other services.
 */
export const SETTLEMENTS_NODE_OPTIONS: readonly string[] = [
  "--max-semi-space-size=1",
  "--max-old-space-size=256",
];

/**
 * The gateway's: 16 MiB semi-spaces too, so a scavenge under load copies less of the answers in flight
 * and pauses for a few milliseconds rather than 10-20. Its old generation keeps V8's sizing.
 */
export const GATEWAY_NODE_OPTIONS: readonly string[] = ["--max-semi-space-size=16"];

/** The Node options `target` runs with: see the three lists above. */
export function nodeOptionsFor(target: Target): readonly string[] {
  if (target === "gateway") return GATEWAY_NODE_OPTIONS;
  return target === "settlements" ? SETTLEMENTS_NODE_OPTIONS : SERVICE_NODE_OPTIONS;
}

/**
 * The contract's start command, `node --import tsx --import <runtime tuning preload> --import <telemetry
 * preload> <entry>`, on the Node running the launcher (>= 22), with {@link nodeOptionsFor} the target and
 * the runtime tuning's start flags for `env` and the target (`--single-threaded-gc` unless `RUNTIME_TUNING=off`,
 * skipped, or settlements). The tuning preload reads `RUNTIME_TUNING` from the environment the process gets.
 * With `LOCAL_STACK_BUILD=compiled` it is the images' command instead: no tsx, the preloads' and the
 * entry's bundles.
 */
export function commandFor(target: Target, env: Env, root: string): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [
      ...nodeOptionsFor(target),
      ...startFlags(env, target),
      ...loaderArgs(env),
      "--import",
      runtimeTuningPreload(root, env),
      "--import",
      telemetryPreload(root, env),
      entryFile(target, env, root),
    ],
  };
}

/** Entry files that do not exist, checked before anything starts so a missing one costs no PostgreSQL boot. */
export function missingEntries(env: Env, root: string): string[] {
  return TARGETS.map((target) => entryFile(target, env, root)).filter((file) => !existsSync(file));
}
