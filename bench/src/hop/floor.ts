/**
 * The floor of one gRPC hop on this machine: scenario A's bare baseline (fastify + pg, the catalogue's
 * page statement, bench/src/bare/server.ts) against the same work split across two processes by one
 * call, so the ratio the goal of scenario A asks (>= 50 % of bare) can be read for a path that does
 * nothing but the hop. Three paths, each its own processes, driven in turn by autocannon (closed loop,
 * CONNECTIONS, default 50) in rounds of SECONDS, the order rotating each round:
 *
 * - `http`:  fastify reading the page from PostgreSQL and answering it (the bare baseline);
 * - `h2`:    fastify fetching the page per request from a node:http2 server that reads it (one session);
 * - `grpc`:  fastify fetching it with a grpc-js unary call from a grpc-js server that reads it; messages
 *            are the page's JSON bytes (no protobuf, no mesh assertion, no telemetry, no authentication:
 *            grpc-js and HTTP/2 alone).
 *
 * The database is a scratch one (DATABASE_URL's server, default 127.0.0.1:5432) with 100 instances, as
 * scenario A seeds. PAGE=fixed answers a fixed body of BODY_BYTES (default 4096) instead, without
 * PostgreSQL. FLOOR_NODE_ARGS adds Node arguments to every process (for example `--import
 * ./packages/runtime-tuning/src/register.ts`).
 *
 * Prints, per path, the median over its rounds of: answers per second, CPU per answer of the front and
 * the upstream (user + system from /proc/<pid>/stat) and of the whole machine (/proc/stat: the generator,
 * PostgreSQL and anything else running included), and the throughput against `http`.
 *
 *   pnpm bench:hop [seconds=10] [rounds=5]
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { withScratchDatabase } from "@mp/testing/write-cost";
import autocannon from "autocannon";
import pg from "pg";
import { cpuMs } from "../cpu";
import { median } from "../stats/median";
import { type HopKind, type HopPath, startHopPath } from "./spawn";

const SECONDS = Number(process.argv[2] ?? 10);
const ROUNDS = Number(process.argv[3] ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const FIXED = process.env.PAGE === "fixed";
const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const EXTRA_ARGS = process.env.FLOOR_NODE_ARGS?.split(" ").filter(Boolean) ?? [];

interface Round {
  rate: number;
  front: number;
  upstream: number;
  machine: number;
}

interface Path {
  hop: HopPath;
  rounds: Round[];
}

/** Busy clock ticks of the whole machine so far: all of /proc/stat's first line but idle and iowait. */
function machineBusyTicks(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return total - (fields[3] ?? 0) - (fields[4] ?? 0);
}

async function drive(path: Path, seconds: number): Promise<number> {
  const result = await autocannon({
    url: path.hop.url,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path.hop.kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result["2xx"];
}

async function measure(path: Path): Promise<Round> {
  const pids = [path.hop.pids[0], path.hop.pids[1]];
  const before = pids.map((pid) => (pid ? cpuMs(pid) : 0));
  const machineBefore = machineBusyTicks();
  const answered = await drive(path, SECONDS);
  const machineAfter = machineBusyTicks();
  const after = pids.map((pid) => (pid ? cpuMs(pid) : 0));
  // Ticks of 1/100 s per CPU: busy ticks * 10 is CPU milliseconds.
  const machineMs = (machineAfter - machineBefore) * 10;
  return {
    rate: answered / SECONDS,
    front: (after[0]! - before[0]!) / answered,
    upstream: (after[1]! - before[1]!) / answered,
    machine: machineMs / answered,
  };
}

/** Every path must answer the same page (a path that answered something else would measure nothing). */
async function sameAnswers(paths: Path[]): Promise<void> {
  const bodies = await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(path.hop.url);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path.hop.kind} answered ${response.status}: ${body}`);
      return { path: path.hop.kind, page: JSON.parse(body) as { items?: unknown[] } | unknown[] };
    }),
  );
  const items = (page: { items?: unknown[] } | unknown[]) =>
    (Array.isArray(page) ? page : (page.items ?? [])).length;
  const shapes = bodies.map(({ path, page }) => `${path} ${items(page)} items`);
  if (new Set(bodies.map(({ page }) => items(page))).size !== 1 || items(bodies[0]!.page) === 0)
    throw new Error(`the paths answer different pages: ${shapes.join(", ")}`);
}

async function run(databaseUrl: string | undefined): Promise<void> {
  const paths: Path[] = [];
  try {
    for (const kind of ["http", "h2", "grpc"] as HopKind[])
      paths.push({ hop: await startHopPath(kind, databaseUrl, EXTRA_ARGS), rounds: [] });
    const page = FIXED
      ? `a fixed body of ${process.env.BODY_BYTES ?? 4096} bytes`
      : "the page from PostgreSQL";
    process.stdout.write(
      `${page}; ${CONNECTIONS} connections; ${ROUNDS} rounds of ${SECONDS} s; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")}; warming up\n`,
    );
    await sameAnswers(paths);
    for (const path of paths) await drive(path, 3);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < paths.length; i++) {
        const path = paths[(round + i) % paths.length]!;
        const r = await measure(path);
        path.rounds.push(r);
        process.stdout.write(
          `round ${round + 1} ${path.hop.kind.padEnd(4)}: ${r.rate.toFixed(0)} req/s; CPU per request front ${r.front.toFixed(3)} ms, upstream ${r.upstream.toFixed(3)} ms, machine ${r.machine.toFixed(3)} ms\n`,
        );
      }
    }
    const bare = paths[0]!;
    const bareRate = median(bare.rounds.map((r) => r.rate));
    const bareOwn = median(bare.rounds.map((r) => r.front));
    process.stdout.write(`\nmedians (load average now ${loadavg()[0]!.toFixed(2)}):\n`);
    for (const path of paths) {
      const rate = median(path.rounds.map((r) => r.rate));
      const front = median(path.rounds.map((r) => r.front));
      const upstream = median(path.rounds.map((r) => r.upstream));
      const machine = median(path.rounds.map((r) => r.machine));
      const versus =
        path === bare
          ? ""
          : `; ${((100 * rate) / bareRate).toFixed(1)} % of http's throughput; the hop adds ${(front + upstream - bareOwn).toFixed(3)} ms`;
      process.stdout.write(
        `${path.hop.kind.padEnd(4)}: ${rate.toFixed(0)} req/s; CPU per request front ${front.toFixed(3)} + upstream ${upstream.toFixed(3)} = ${(front + upstream).toFixed(3)} ms, machine ${machine.toFixed(3)} ms${versus}\n`,
      );
    }
  } finally {
    await Promise.all(paths.map((path) => path.hop.stop()));
  }
}

if (FIXED) {
  await run(undefined);
} else {
  let databaseUrl = "";
  await withScratchDatabase(
    {
      adminUrl: ADMIN_URL,
      prefix: "hop_floor",
      open: (url) => {
        databaseUrl = url;
        return new pg.Pool({ connectionString: url, max: 1 });
      },
    },
    async (pool) => {
      // Scenario A's table (services/catalogue/migrations/0001_init.sql) and its 100 instances.
      await pool.query(`CREATE SCHEMA catalogue;
        CREATE TABLE catalogue.instances (id uuid PRIMARY KEY, name text NOT NULL,
          owner_organisation_id uuid NOT NULL, default_currency char(3) NOT NULL,
          platform_fee_bps integer NOT NULL, created_at timestamptz NOT NULL);
        CREATE INDEX ON catalogue.instances (created_at, id);
        INSERT INTO catalogue.instances
          SELECT gen_random_uuid(), 'Instance ' || n, gen_random_uuid(), 'EUR', 500, now() - n * interval '1 minute'
          FROM generate_series(1, 100) AS n;`);
      await run(databaseUrl);
    },
  );
}
