/**
 * Scenario A's request path without the whole stack: only the catalogue and the gateway, started as the
 * launcher starts them (same command, env contract and Node options) on the local PostgreSQL and NATS, a
 * fresh database and bus namespace of their own, and the bare fastify + pg baseline beside them. Drives
 * `GET /marketplace/instances?page=1&pageSize=20` (admin bearer token, 100 instances) with autocannon from
 * this process and reports the CPU the gateway and the catalogue used per answered request (from
 * /proc/<pid>/stat), then the bare server's, so a change on the path can be judged by its CPU per request
 * on a shared machine, where throughput and latency are noise.
 *
 *   pnpm exec tsx bench/src/path-cpu/instances-list-cpu.ts [seconds=10] [rounds=3]
 *
 * CONNECTIONS (default 50, as in scenario A) sets the closed loop; RATE=<n> makes it an open loop of n
 * requests/s instead, driven by scenario A's generator (latency from each request's scheduled send), and
 * each round then also prints its latency percentiles, this process's own event-loop delay (a stalled
 * generator shows as latency too) and the PostgreSQL backends the round opened (pool connection churn).
 * CHILD_NODE_OPTIONS=<options> is added to the two services' NODE_OPTIONS (for example `--require
 * bench/src/probe/loop-delay.cjs` with LOOP_DELAY_LOG=<file> for their event-loop delay and GC pauses;
 * bench/src/probe/v8-flags.cjs for `--trace-gc`, force-gc.cjs for a full collection under load,
 * survivor-profile.cjs for what survives young-generation collections, collection-churn.cjs for the Maps
 * and Sets calls pass through).
 * PROFILE_DIR=<dir> starts the gateway and the catalogue with `--cpu-prof` writing there (summarise with
 * `pnpm -s bench:profile <dir> gateway,catalogue <skip s>`). BARE=0 skips the bare server.
 * COMPARE=<another checkout's root> starts that tree's catalogue and gateway too (same database, same keys)
 * and alternates the rounds between the two, for a before/after on the same machine conditions. Both are
 * started with this tree's command line (its launcher's Node options and V8 flags); COMPARE_STRIP=<argument>
 * leaves that one argument out of the other tree's, to compare a flag.
 * VARIANTS=<v1>;<v2>;... starts this tree's catalogue and gateway once per variant, each with its own
 * environment additions (space-separated KEY=VALUE; `default` for none), and alternates the rounds between
 * them: `VARIANTS='default;RUNTIME_TUNING=off;RUNTIME_TUNING_SKIP=pretenuring'` compares the runtime
 * tuning's settings (ADR 0005) in one run. GC_COUNTS=1 starts the services with `--trace-gc` (through
 * bench/src/probe/v8-flags.cjs) and prints each round's collections per 1,000 requests, young (scavenges)
 * and full (mark-compacts), per process, and the heap trims (collections forced through V8's `gc`) and
 * V8's memory-reducer collections each path's gateway and catalogue ran since their previous round.
 * SLOW_LOG=<file> (open loop only) appends each request that took SLOW_MS (default 8) ms or more from its send,
 * with its send time, to match against the services' GC pauses from the loop-delay probe.
 * DATABASE_URL / NATS_URL default to 127.0.0.1:5432 / 127.0.0.1:4222.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { type ManagedChild, spawnManaged } from "@mp/local/child-process";
import { DEV_AUDIENCE, DEV_ISSUER, loadDevKeys, signDevToken } from "@mp/local/dev-keys";
import { writeMeshKeys } from "@mp/local/mesh-keys";
import { RATE_LIMITS_OUT_OF_REACH } from "@mp/local/stack";
import { planPorts, targetEnvs } from "@mp/local/stack-env";
import { commandFor, TARGETS } from "@mp/local/targets";
import { withScratchDatabase } from "@mp/testing/write-cost";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import autocannon from "autocannon";
import pg from "pg";
import { startBareServer } from "../bare/spawn";
import { cpuMs } from "../cpu";
import { getOk, httpPool } from "../load/http";
import { runOpenLoop } from "../load/open-loop";
import { summarise } from "../stats/histogram";

const SECONDS = Number(process.argv[2] ?? 10);
const ROUNDS = Number(process.argv[3] ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const RATE = process.env.RATE ? Number(process.env.RATE) : undefined;
const SLOW_LOG = process.env.SLOW_LOG;
const SLOW_MS = Number(process.env.SLOW_MS ?? 8);
const COMPARE_STRIP = process.env.COMPARE_STRIP;
const PATH = "/marketplace/instances?page=1&pageSize=20";
const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const ADMIN_ORG = "0193a1b2-0000-7000-8000-0000000000a1";

/** A child that exited before the run ended (a bad configuration): the wait for the gateway stops. */
let exited: string | undefined;

interface Path {
  label: string;
  url: string;
  gateway: ManagedChild;
  catalogue: ManagedChild;
  /** CPU milliseconds per answered request of each round: gateway, catalogue, PostgreSQL backends. */
  rounds: [number, number, number][];
  /** GC_COUNTS: collections per 1,000 requests of each round, gateway and catalogue, young and full. */
  gcRounds: [number, number, number, number][];
}

/** One variant of the run: a tree and the environment added to its two services. */
interface Variant {
  label: string;
  root: string;
  env: Record<string, string>;
}

function variants(): Variant[] {
  const compare = process.env.COMPARE;
  const listed = process.env.VARIANTS?.split(";").map((text) => text.trim());
  if (listed && compare) throw new Error("VARIANTS and COMPARE exclude each other");
  if (listed)
    return listed.map((text) => ({
      label: text || "default",
      root: ROOT,
      env: Object.fromEntries(
        text
          .split(/\s+/)
          .filter((word) => word !== "" && word !== "default")
          .map((word) => {
            const at = word.indexOf("=");
            if (at <= 0) throw new Error(`VARIANTS: "${word}" is not KEY=VALUE`);
            return [word.slice(0, at), word.slice(at + 1)];
          }),
      ),
    }));
  return [
    { label: "this tree", root: ROOT, env: {} },
    ...(compare ? [{ label: compare, root: compare, env: {} }] : []),
  ];
}

const GC_COUNTS = process.env.GC_COUNTS === "1";
/**
 * `--trace-gc` lines seen per child (by its spawn name): young-generation and full collections, and the
 * collections forced through V8's `gc` (reason "testing": in these processes only the runtime tuning's heap
 * trim calls it), counted once per run of them.
 */
const gcSeen = new Map<
  string,
  { young: number; full: number; forced: number; forcing: boolean; reduced: number }
>();

/** Counts a `--trace-gc` line of child `name`; whether it was one. */
function countGc(name: string, line: string): boolean {
  if (!/^\[\S+\] \[\d+:0x[0-9a-f]+\]\s+\d+ ms: /.test(line)) return false;
  const young = /: (Scavenge|Minor Mark-Sweep)\b/.test(line);
  const full = /: Mark-Compact\b/.test(line);
  if (!young && !full) return true;
  const seen = gcSeen.get(name) ?? { young: 0, full: 0, forced: 0, forcing: false, reduced: 0 };
  const forced = full && /\btesting; /.test(line);
  if (forced && !seen.forcing) seen.forced += 1;
  if (full && /\bmemory reducer; /.test(line)) seen.reduced += 1;
  seen.forcing = forced;
  if (young) seen.young += 1;
  else seen.full += 1;
  gcSeen.set(name, seen);
  return true;
}

const gcOf = (name: string) => ({ young: 0, full: 0, forced: 0, reduced: 0, ...gcSeen.get(name) });

/** The run's database: its URL (for the services and the bare server) and a connection to list its backends. */
interface RunDatabase {
  url: string;
  probe: pg.Pool;
  end(): Promise<void>;
}

function openRunDatabase(url: string): RunDatabase {
  const probe = new pg.Pool({ connectionString: url, max: 1 });
  // Dropping the database at the end terminates the probe's idle connection: not an error of the run.
  probe.on("error", () => undefined);
  return { url, probe, end: () => probe.end() };
}

async function main(): Promise<void> {
  const suffix = randomBytes(4).toString("hex");
  const dir = await mkdtemp(join(tmpdir(), "path-cpu-"));
  try {
    // The database is dropped once `run` has stopped every process using it.
    await withScratchDatabase({ adminUrl: ADMIN_URL, prefix: "path_cpu", open: openRunDatabase }, (scratch) =>
      run(scratch, suffix, dir),
    );
  } finally {
    await dropStreams(`PATHCPU${suffix.toUpperCase()}`).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(scratch: RunDatabase, suffix: string, dir: string): Promise<void> {
  const databaseUrl = scratch.url;
  const children: ManagedChild[] = [];
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const keys = await loadDevKeys(join(dir, "dev-keys"));
    const mesh = await writeMeshKeys(join(dir, "mesh-keys"), TARGETS);
    const paths: Path[] = [];
    for (const [index, variant] of variants().entries()) {
      const { root } = variant;
      const ports = await planPorts({}, true);
      const env = {
        ...process.env,
        ...variant.env,
        ...(GC_COUNTS ? { V8_FLAGS: `${process.env.V8_FLAGS ?? ""} --trace-gc`.trim() } : {}),
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
        BUS_NAMESPACE: `pathcpu${suffix}${index}.`,
        ...RATE_LIMITS_OUT_OF_REACH,
        NODE_OPTIONS:
          [
            process.env.PROFILE_DIR ? `--cpu-prof --cpu-prof-dir=${process.env.PROFILE_DIR}` : "",
            process.env.CHILD_NODE_OPTIONS ?? "",
            GC_COUNTS ? `--require ${join(ROOT, "bench/src/probe/v8-flags.cjs")}` : "",
          ]
            .join(" ")
            .trim() || undefined,
      };
      const envs = targetEnvs(env, {
        databaseUrl,
        natsUrl: NATS_URL,
        s3: UNUSED_S3,
        ports,
        jwksFile: keys.jwksPath,
        mesh,
      });
      const started = (["catalogue", "gateway"] as const).map((target) => {
        const { command, args: all } = commandFor(target, env, root);
        const args = index > 0 && COMPARE_STRIP ? all.filter((arg) => arg !== COMPARE_STRIP) : all;
        const child = spawnManaged({
          name: `${target}${index}`,
          command,
          args,
          env: envs[target],
          cwd: root,
          sink: (line) => {
            if (GC_COUNTS && countGc(`${target}${index}`, line)) return;
            sink(line);
          },
        });
        children.push(child);
        void child.exited.then(() => {
          exited = target;
        });
        return child;
      });
      const [catalogue, gateway] = started as [ManagedChild, ManagedChild];
      paths.push({
        label: variant.label,
        url: `http://127.0.0.1:${ports.gateway}`,
        gateway,
        catalogue,
        rounds: [],
        gcRounds: [],
      });
    }
    const token = await signDevToken({
      org: ADMIN_ORG,
      roles: ["admin"],
      keysDir: join(dir, "dev-keys"),
      issuer: DEV_ISSUER,
      audience: DEV_AUDIENCE,
    });
    const headers = { authorization: `Bearer ${token}` };
    for (const path of paths) await waitForOk(`${path.url}${PATH}`, headers);
    await seed(paths[0]!.url, headers);
    for (const path of paths) {
      process.stdout.write(
        `${path.label}: catalogue pid ${path.catalogue.pid}, gateway pid ${path.gateway.pid}\n`,
      );
      await load(`${path.url}${PATH}`, headers, 5);
    }
    const lastTrims = new Map<Path, [number, number]>();
    // Rounds alternate between the trees (ABBA), so each sees the same machine in turn.
    for (let round = 1; round <= ROUNDS; round++) {
      for (const path of round % 2 === 1 ? paths : [...paths].reverse()) {
        const { gateway, catalogue } = path;
        const backends = await backendPids(scratch.probe);
        const before = [cpuMs(gateway.pid!), cpuMs(catalogue.pid!), cpuOf(backends)];
        const gcBefore = [gcOf(gateway.name), gcOf(catalogue.name)];
        const loop = monitorEventLoopDelay({ resolution: 1 });
        loop.enable();
        const roundStart = new Date();
        const ok = await load(`${path.url}${PATH}`, headers, SECONDS);
        loop.disable();
        if (RATE) {
          const opened = (await backendPids(scratch.probe, roundStart)).length;
          const ms = (ns: number) => (ns / 1e6).toFixed(1);
          process.stdout.write(
            `  generator event-loop delay p99 ${ms(loop.percentile(99))} ms, max ${ms(loop.max)} ms; PostgreSQL backends opened during the round ${opened}, open at its end ${(await backendPids(scratch.probe)).length}\n`,
          );
        }
        const gw = (cpuMs(gateway.pid!) - before[0]!) / ok;
        const cat = (cpuMs(catalogue.pid!) - before[1]!) / ok;
        const db = (cpuOf(backends) - before[2]!) / ok;
        path.rounds.push([gw, cat, db]);
        process.stdout.write(
          `round ${round} ${path.label}: ${(ok / SECONDS).toFixed(0)} req/s; CPU per request gateway ${gw.toFixed(3)} ms, catalogue ${cat.toFixed(3)} ms, together ${(gw + cat).toFixed(3)} ms; PostgreSQL ${db.toFixed(3)} ms\n`,
        );
        if (GC_COUNTS) {
          // The last lines of the round may still be in the pipes.
          await new Promise((resolve) => setTimeout(resolve, 200));
          const per = (now: number, then: number) => ((now - then) * 1000) / ok;
          const [g0, c0] = gcBefore as [ReturnType<typeof gcOf>, ReturnType<typeof gcOf>];
          const g1 = gcOf(gateway.name);
          const c1 = gcOf(catalogue.name);
          // Heap trims since this path's previous round (while idle): they move this round's figures.
          const [trims, reduced] = [g1.forced + c1.forced, g1.reduced + c1.reduced];
          const [trims0, reduced0] = lastTrims.get(path) ?? [0, 0];
          lastTrims.set(path, [trims, reduced]);
          if (trims > trims0 || reduced > reduced0)
            process.stdout.write(
              `  since this path's previous round: ${trims - trims0} heap trims, ${reduced - reduced0} full collections by V8's memory reducer\n`,
            );
          const counts: [number, number, number, number] = [
            per(g1.young, g0.young),
            per(g1.full, g0.full),
            per(c1.young, c0.young),
            per(c1.full, c0.full),
          ];
          path.gcRounds.push(counts);
          process.stdout.write(`  ${gcLine(counts)}\n`);
        }
      }
    }
    for (const path of paths) {
      const mean = (k: 0 | 1 | 2) => path.rounds.reduce((sum, r) => sum + r[k], 0) / path.rounds.length;
      process.stdout.write(
        `mean ${path.label}: gateway ${mean(0).toFixed(3)} ms, catalogue ${mean(1).toFixed(3)} ms, together ${(mean(0) + mean(1)).toFixed(3)} ms; PostgreSQL ${mean(2).toFixed(3)} ms\n`,
      );
      if (GC_COUNTS) {
        const gcMean = [0, 1, 2, 3].map(
          (k) => path.gcRounds.reduce((sum, r) => sum + r[k]!, 0) / path.gcRounds.length,
        ) as [number, number, number, number];
        process.stdout.write(`  mean ${gcLine(gcMean)}\n`);
      }
    }
    if (process.env.BARE !== "0") {
      bare = await startBareServer(databaseUrl);
      await load(`${bare.url}${PATH}`, {}, 3);
      const before = cpuMs(bare.pid);
      const ok = await load(`${bare.url}${PATH}`, {}, SECONDS);
      const per = (cpuMs(bare.pid) - before) / ok;
      process.stdout.write(
        `bare: ${(ok / SECONDS).toFixed(0)} req/s; CPU per request ${per.toFixed(3)} ms\n`,
      );
    }
  } finally {
    await bare?.stop();
    await Promise.all(children.map((child) => child.stop()));
  }
}

/**
 * The server processes of the run's database (its pools' backends, not the probe's own): PostgreSQL must
 * run on this machine for their CPU to be read. A backend that ends during a round takes its CPU with it
 * (pools keep theirs).
 */
async function backendPids(probe: pg.Pool, startedAfter?: Date): Promise<number[]> {
  const { rows } = await probe.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ($1::timestamptz IS NULL OR backend_start >= $1)",
    [startedAfter ?? null],
  );
  return rows.map((row) => row.pid);
}

function gcLine([gwYoung, gwFull, catYoung, catFull]: [number, number, number, number]): string {
  return `collections per 1,000 requests: gateway ${gwYoung.toFixed(1)} young, ${gwFull.toFixed(2)} full; catalogue ${catYoung.toFixed(1)} young, ${catFull.toFixed(2)} full`;
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** The streams the run's services made in the shared NATS server (their namespace names them). */
async function dropStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const names: string[] = [];
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(prefix)) names.push(stream.config.name);
    }
    for (const name of names) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
}

/** The catalogue signs asset URLs locally and never calls the store: any well-formed settings do. */
const UNUSED_S3 = {
  endpoint: "http://127.0.0.1:9",
  region: "us-east-1",
  accessKeyId: "unused",
  secretAccessKey: "unused-secret",
  bucket: "unused",
  forcePathStyle: true as const,
};

/**
 * Child output: warnings and errors only, cut short, leaving out the calls cancelled when a load phase
 * ends with requests in flight (autocannon closes its connections).
 */
function sink(line: string): void {
  if (/"level":(30|20|10)\b/.test(line) || line.includes("CANCELLED: Cancelled on client")) return;
  process.stderr.write(`${line.slice(0, 400)}\n`);
}

/** 100 instances, so a page is full (20 rows of a longer list), as in scenario A. */
async function seed(url: string, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${url}/marketplace/instances`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: `Path instance ${i}`, defaultCurrency: "EUR", platformFeeBps: 1000 }),
    });
    if (!response.ok) throw new Error(`seeding answered ${response.status}: ${await response.text()}`);
  }
}

/** 2xx answers of one load phase: closed loop of CONNECTIONS, or an open loop at RATE. */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  if (RATE) return openLoop(url, headers, seconds);
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
    ...(RATE ? { overallRate: RATE } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    process.stdout.write(`  (${result.non2xx} non-2xx, ${result.errors} errors)\n`);
  }
  return Math.max(1, result["2xx"]);
}

/**
 * Scenario A's open loop at RATE for `seconds` (none of it left out as warm-up: the rounds follow a warm-up
 * phase): prints the latency percentiles from each request's scheduled send and returns the 2xx answers.
 */
async function openLoop(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const { origin, pathname, search } = new URL(url);
  const pool = httpPool(origin, 128);
  try {
    const result = await runOpenLoop({
      rate: RATE!,
      durationMs: seconds * 1000,
      warmupMs: 0,
      operation: () => {
        const sent = Date.now();
        return getOk(pool, `${pathname}${search}`, headers).then(() => {
          const took = Date.now() - sent;
          if (SLOW_LOG && took >= SLOW_MS)
            appendFileSync(SLOW_LOG, `${new Date(sent).toISOString()} ${took} ms\n`);
        });
      },
    });
    const s = summarise(result.latency);
    process.stdout.write(
      `  open loop ${result.achievedRate.toFixed(0)}/s: p50 ${s.p50.toFixed(1)} ms, p90 ${s.p90.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, p99.9 ${result.latency.percentile(0.999).toFixed(1)} ms, max ${s.max.toFixed(1)} ms; ${result.failed} failed, ${result.dropped} dropped\n`,
    );
    if (result.firstError) process.stdout.write(`  first error: ${result.firstError}\n`);
    return Math.max(1, result.sent - result.failed);
  } finally {
    await pool.close();
  }
}

async function waitForOk(url: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const response = await fetch(url, { headers });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (exited) throw new Error(`${exited} exited`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

await main();
