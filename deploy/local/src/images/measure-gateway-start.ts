/**
 * The compiled gateway's start, outside a container: `node --import <runtime-tuning preload> --import
 * <telemetry preload> gateway/dist/main.mjs` (the image's entry point) with the environment the image gets (see measure-images.ts), started `--runs` times one after another,
 * in the image's tree (assembled into a scratch directory by deploy/build/assemble.ts). For each start:
 * wall time from spawn to the first 200 of `/readyz`; the CPU time (user + system) the process had spent by
 * then, less noisy than wall time on a shared machine; and, after `--rest` seconds idle, its resident
 * memory (`/proc/<pid>/status`). Run after `pnpm build`:
 *
 *     pnpm images:gateway-start --runs 5 [--bundle /tmp/old/main.mjs] [--cpu-prof /tmp/prof] [--gc both] [--node-arg=...]
 *
 * Like the image, the gateway runs with Node's compile cache filled beforehand by
 * `deploy/docker/compile-cache.sh` (`NODE_COMPILE_CACHE`); `--compile-cache off` starts it without, and
 * `--compile-cache both` alternates the two, run by run. Like the image's entry point, the gateway starts with
 * `--single-threaded-gc` (the runtime tuning's start flag, ADR 0005); `--gc off` starts it without (its compile
 * cache then filled without it too), and `--gc both` alternates the two, run by run.
 *
 * `--baseline <dir>` measures another build's gateway as well, alternating with this one: `<dir>` is that
 * build's image tree, assembled in its checkout (`pnpm build gateway && pnpm exec tsx deploy/build/assemble.ts
 * gateway <dir>`), so it runs with exactly the packages its own image would have.
 *
 * `--bundle <path>` measures another build of the gateway as well (a copy of the bundle from before a change,
 * placed beside the current one), the two alternating run by run so a change in the machine's load falls on
 * both alike. `--no-preload` starts it without the telemetry preload, to weigh the preload. `--node-arg`
 * passes an option to the gateway's node (e.g. `--import=/tmp/print-heap.mjs`); what the gateway writes to
 * stderr is passed through (`GATEWAY_LOG_LEVEL` sets its log level, `warn` by default).
 *
 * Needs the machine's PostgreSQL (DATABASE_URL, default 127.0.0.1:5432; a scratch database is made and
 * dropped) and NATS (NATS_URL). Upstream addresses point at closed ports: readiness does not wait for them.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { grpcUrlKey, SERVICE_NAMES } from "@mp/config";
import { SINGLE_THREADED_GC } from "@mp/runtime-tuning/start-flags";
import pg from "pg";
import { assemble } from "../../../build/assemble";
import { DEV_AUDIENCE, DEV_ISSUER } from "../dev-keys";
import { TARGETS } from "../launcher/targets";
import { writeMeshKeys } from "../mesh-keys";
import { freePort } from "../testing-infra";
import { median } from "./image-targets";

const ROOT = resolve(fileURLToPath(new URL("../../../..", import.meta.url)));
const CLOCK_TICKS = 100;

/** user + system CPU seconds of a live process, from /proc/<pid>/stat (fields 14 and 15, in clock ticks). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * Resident memory of a live process in MiB: all of it (VmRSS, which counts the pages of the node binary and
 * other mapped files it has touched), and its anonymous part (RssAnon: heaps, stacks, code it compiled).
 */
function residentMiB(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kib("VmRSS") / 1024, anon: kib("RssAnon") / 1024 };
}

async function ok(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

interface Start {
  wall: number;
  cpu: number;
  rss: number;
  anon: number;
}

async function waitReady(opsUrl: string, begun: number, failed: () => Promise<string | undefined>) {
  while (!(await ok(opsUrl))) {
    const failure = await failed();
    if (failure) throw new Error(`gateway exited: ${failure}`);
    if (performance.now() - begun > 120_000) throw new Error("gateway not ready within 120 s");
    await new Promise((wait) => setTimeout(wait, 25));
  }
  return (performance.now() - begun) / 1000;
}

async function startOnce(
  appDir: string,
  bundle: string,
  env: NodeJS.ProcessEnv,
  opsUrl: string,
  restSeconds: number,
  profileDir: string | undefined,
  startFlags: string[],
  nodeArgs: string[],
  preload: boolean,
  compileCache: string | undefined,
): Promise<Start> {
  // As the image's entry point runs it (deploy/docker/Dockerfile): its start flags, the runtime-tuning
  // preload, then telemetry.
  const args = [
    ...startFlags,
    "--import",
    "./packages/runtime-tuning/dist/register.mjs",
    ...(preload ? ["--import", "./packages/telemetry/dist/register.mjs"] : []),
    ...nodeArgs,
  ];
  if (profileDir) args.push("--cpu-prof", `--cpu-prof-dir=${profileDir}`);
  const begun = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...args, bundle], {
    cwd: appDir,
    env: compileCache ? { ...env, NODE_COMPILE_CACHE: compileCache } : env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.stderr?.pipe(process.stderr);
  try {
    const wall = await waitReady(opsUrl, begun, async () =>
      child.exitCode === null ? undefined : stderr.slice(-2000),
    );
    const cpu = cpuSeconds(child.pid!);
    await new Promise((wait) => setTimeout(wait, restSeconds * 1000));
    return { wall, cpu, ...residentMiB(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      rest: { type: "string", default: "10" },
      bundle: { type: "string", multiple: true },
      "cpu-prof": { type: "string" },
      "node-arg": { type: "string", multiple: true },
      "no-preload": { type: "boolean", default: false },
      "compile-cache": { type: "string", default: "on" },
      gc: { type: "string", default: "on" },
      baseline: { type: "string" },
    },
  });
  const cacheModes = { on: [true], off: [false], both: [true, false] }[values["compile-cache"]];
  if (!cacheModes) throw new Error("--compile-cache takes on, off or both");
  const gcModes = { on: [true], off: [false], both: [true, false] }[values.gc];
  if (!gcModes) throw new Error("--gc takes on, off or both");
  // The image's tree (deploy/build/assemble.ts), so the bundle finds exactly the packages the image has.
  const appDir = mkdtempSync(join(tmpdir(), "gateway-start-app-"));
  assemble(ROOT, "gateway", appDir);
  const trees: { appDir: string; bundle: string; label: string }[] = [
    { appDir, bundle: "gateway/dist/main.mjs", label: "gateway/dist/main.mjs" },
  ];
  for (const [index, extra] of (values.bundle ?? []).entries()) {
    const target = `gateway/dist/other-${index}-${basename(extra)}`;
    copyFileSync(extra, join(appDir, target));
    trees.push({ appDir, bundle: target, label: target });
  }
  if (values.baseline) {
    trees.push({
      appDir: resolve(values.baseline),
      bundle: "gateway/dist/main.mjs",
      label: `baseline ${values.baseline}`,
    });
  }
  const runs = Number(values.runs);
  const caches = new Map<string, string>();
  const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const suffix = Math.random().toString(16).slice(2, 10);
  const database = `gwstart_${suffix}`;
  const keysDir = mkdtempSync(join(tmpdir(), "gateway-start-keys-"));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database}`);
    await writeMeshKeys(keysDir, TARGETS);
    // Each bundle's compile cache, filled as the image's build fills it (deploy/docker/Dockerfile), by a
    // start with the flags it will run with.
    const cacheKey = (label: string, gc: boolean) => `${label} ${gc}`;
    if (cacheModes.includes(true)) {
      for (const tree of trees) {
        for (const gc of gcModes) {
          const cache = join(tree.appDir, `.node-compile-cache-${caches.size}`);
          execFileSync("sh", [join(ROOT, "deploy/docker/compile-cache.sh"), tree.bundle, cache], {
            cwd: tree.appDir,
            env: {
              PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
              RUNTIME_TUNING_SKIP: gc ? "" : "single-threaded-gc",
            },
            stdio: ["ignore", "ignore", "inherit"],
          });
          caches.set(cacheKey(tree.label, gc), cache);
        }
      }
    }
    const subjects = trees.flatMap((tree) =>
      cacheModes.flatMap((cached) =>
        gcModes.map((gc) => ({
          ...tree,
          cached,
          gc,
          name: `${tree.label}${cached ? "" : " (no compile cache)"}${gc ? "" : " (without --single-threaded-gc)"}`,
        })),
      ),
    );
    const results = new Map<string, Start[]>(subjects.map((subject) => [subject.name, []]));
    const loadBefore = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    console.log(`load average at the start: ${loadBefore}`);
    for (let run = 0; run < runs; run++) {
      // Alternate the subjects, so a change in the machine's load falls on each alike.
      for (const { appDir: treeDir, bundle, label, cached, gc, name } of subjects) {
        const ops = await freePort();
        const env: NodeJS.ProcessEnv = {
          PATH: process.env.PATH,
          NODE_ENV: "development",
          MALLOC_ARENA_MAX: "2",
          DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString(),
          NATS_URL: process.env.NATS_URL || "nats://127.0.0.1:4222",
          OPS_HOST: "127.0.0.1",
          OPS_PORT: String(ops),
          GATEWAY_HOST: "127.0.0.1",
          GATEWAY_PORT: String(await freePort()),
          AUTH_ISSUER: DEV_ISSUER,
          AUTH_AUDIENCE: DEV_AUDIENCE,
          AUTH_JWKS_FILE: join(keysDir, "jwks.json"),
          MESH_JWKS_FILE: join(keysDir, "jwks.json"),
          MESH_PRIVATE_KEY_FILE: join(keysDir, "gateway.private.jwk.json"),
          LOG_LEVEL: process.env.GATEWAY_LOG_LEVEL || "warn",
        };
        for (const name of SERVICE_NAMES) env[grpcUrlKey(name)] = `127.0.0.1:${await freePort()}`;
        const opsUrl = `http://127.0.0.1:${ops}/readyz`;
        const start = await startOnce(
          treeDir,
          bundle,
          env,
          opsUrl,
          Number(values.rest),
          values["cpu-prof"],
          gc ? [SINGLE_THREADED_GC] : [],
          values["node-arg"] ?? [],
          !values["no-preload"],
          cached ? caches.get(cacheKey(label, gc)) : undefined,
        );
        results.get(name)!.push(start);
        process.stderr.write(
          `${name}: ready in ${start.wall.toFixed(2)} s, ${start.cpu.toFixed(2)} s CPU, ${start.rss.toFixed(1)} MiB resident (${start.anon.toFixed(1)} MiB anonymous)\n`,
        );
      }
    }
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    console.log(`load average at the end: ${load}`);
    console.log(
      "| bundle | ready, median (s) | starts (s) | CPU to ready, median (s) | resident at rest, median (MiB) | anonymous (MiB) |",
    );
    console.log("|---|---:|---|---:|---:|---:|");
    for (const [bundle, starts] of results) {
      const m = (pick: (s: Start) => number) => median(starts.map(pick));
      const each = starts.map((s) => s.wall.toFixed(2)).join(", ");
      console.log(
        `| ${bundle} | ${m((s) => s.wall).toFixed(2)} | ${each} | ${m((s) => s.cpu).toFixed(2)} | ${m((s) => s.rss).toFixed(1)} | ${m((s) => s.anon).toFixed(1)} |`,
      );
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(keysDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
    for (const cache of caches.values()) rmSync(cache, { recursive: true, force: true });
  }
}

await main();
