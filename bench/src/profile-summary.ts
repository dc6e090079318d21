import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `pnpm -s bench:profile <dir> [gateway,catalogue] [skip seconds]`: the top self-time functions of each `.cpuprofile` a run with
 * BENCH_PROFILE_DIR wrote (one per process), named after the process's entry file, and the share of
 * samples per package, for docs/benchmarks.md's profile findings. Samples of the first `skip seconds` of each process
 * (start-up, module loading, seeding) are left out.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function where(url: string): string {
  if (!url) return "(native)";
  const path = url.replace(/^file:\/\//, "");
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (pnpm) return `${pnpm[1]}/${pnpm[2]}`;
  return path.startsWith("/") ? relative(ROOT, path) : path;
}

function packageOf(url: string): string {
  if (!url) return "(native/gc/idle)";
  if (url.startsWith("node:")) return "node internals";
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pnpm) return pnpm[1]!;
  const own = /\/(packages|services|gateway)\/([^/]+)?/.exec(url);
  return own ? `${own[1]}/${own[2] ?? ""}` : "other";
}

/** Where our own code is: inclusive time is shown for these frames (and jose's) only. */
const OURS = /\/(packages|services|gateway)\/[^/]+\/src\/|\/gateway\/src\/|jose\//;

export function summariseProfile(
  profile: CpuProfile,
  options: { top?: number; skipSeconds?: number } = {},
): { entry: string; lines: string[] } {
  const top = options.top ?? Number(process.env.TOP ?? 15);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  const inclusive = new Map<string, number>();
  const skipMicros = (options.skipSeconds ?? 0) * 1e6;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < skipMicros) return;
    self.set(id, (self.get(id) ?? 0) + delta);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)!.callFrame;
      if (!OURS.test(frame.url) || !frame.functionName) continue;
      const key = `${frame.functionName} ${where(frame.url)}:${frame.lineNumber + 1}`;
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
      seen.add(key);
    }
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let entry = "unknown";
  for (const node of profile.nodes) {
    const url = node.callFrame.url;
    const m = /\/(gateway|services\/[^/]+)\/src\/main\.ts$/.exec(url);
    if (m) entry = m[1]!;
  }
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    const key = `${frame.functionName || "(anonymous)"} ${where(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    byPackage.set(packageOf(frame.url), (byPackage.get(packageOf(frame.url)) ?? 0) + micros);
  }
  const idle = [...self]
    .filter(([id]) => byId.get(id)!.callFrame.functionName === "(idle)")
    .reduce((a, [, v]) => a + v, 0);
  const pct = (micros: number) => `${((micros / total) * 100).toFixed(1)}%`;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    entry,
    lines: [
      `${entry}: ${(total / 1e6).toFixed(1)} s sampled, idle ${pct(idle)}`,
      "  by package:",
      ...sorted(byPackage).map(([name, micros]) => `    ${pct(micros).padStart(6)}  ${name}`),
      "  top self time:",
      ...sorted(byFunction).map(([name, micros]) => `    ${pct(micros).padStart(6)}  ${name}`),
      "  inclusive time, own code and jose:",
      ...sorted(inclusive).map(([name, micros]) => `    ${pct(micros).padStart(6)}  ${name}`),
    ],
  };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: pnpm -s bench:profile <dir with .cpuprofile files>");
  const wanted = process.argv[3]?.split(",");
  const skipSeconds = Number(process.argv[4] ?? 0);
  for (const file of (await readdir(dir)).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(await readFile(join(dir, file), "utf8")) as CpuProfile;
    const { entry, lines } = summariseProfile(profile, { skipSeconds });
    if (wanted && !wanted.some((name) => entry.includes(name))) continue;
    process.stdout.write(`${lines.join("\n")}\n\n`);
  }
}

await main();
