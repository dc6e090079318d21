import { readdirSync } from "node:fs";
import { join } from "node:path";

/** One production entry point: compiled from `source` to `output` (both relative to the repository root). */
export interface BuildEntry {
  /** What the image target is called: a service's directory name, `gateway`, `simulator`, or a helper. */
  name: string;
  source: string;
  output: string;
}

/**
 * Every process the images run, plus the helpers each image needs: the runtime tuning and telemetry
 * preloads (loaded with `--import`) and the container health check. Each output sits in a `dist/` beside its package's `src/`.
 */
export function buildEntries(root: string): BuildEntry[] {
  const services = readdirSync(join(root, "services"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return [
    ...services.map((name) => ({
      name,
      source: `services/${name}/src/main.ts`,
      output: `services/${name}/dist/main.mjs`,
    })),
    { name: "gateway", source: "gateway/src/main.ts", output: "gateway/dist/main.mjs" },
    {
      name: "simulator",
      source: "deploy/local/src/simulator/main.ts",
      output: "deploy/local/dist/simulator/main.mjs",
    },
    {
      name: "runtime-tuning-preload",
      source: "packages/runtime-tuning/src/register.ts",
      output: "packages/runtime-tuning/dist/register.mjs",
    },
    {
      name: "telemetry-preload",
      source: "packages/telemetry/src/register.ts",
      output: "packages/telemetry/dist/register.mjs",
    },
    {
      name: "healthcheck",
      source: "deploy/docker/healthcheck.ts",
      output: "deploy/docker/dist/healthcheck.mjs",
    },
  ];
}

/** The list of third-party imports written beside an entry's bundle (see `externalImports`). */
export function externalsFileOf(entry: BuildEntry): string {
  return entry.output.replace(/\.mjs$/, ".externals.json");
}
