import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Pool } from "undici";
import { startBareServer } from "../bare/spawn";
import { childrenRunning, cpuDuring, cpuMs, postgresCpuMs } from "../cpu";
import { startHopPath } from "../hop/spawn";
import type { ClosedLoopResult } from "../load/closed-loop";
import { runClosedLoop, warmUp } from "../load/closed-loop";
import { getOk, httpPool, postJson } from "../load/http";
import { runOpenLoop } from "../load/open-loop";
import { authHeader, type BenchContext, type Figure, type Scenario } from "../scenario";
import { summarise } from "../stats/histogram";

const PATH = "/marketplace/instances?page=1&pageSize=20";
/** Instances in the database before measuring, so a page is full (20 rows of a longer list). */
const SEEDED_INSTANCES = 100;
const FIXED_RATE = 500;
const CONNECTIONS = 50;

/**
 * Scenario A (issue 6): the instances list through the whole gateway path against a bare fastify + pg
 * process running the same query on the same database. When the runner launched the stack, the gateway
 * path is measured again on a second stack started with `RUNTIME_TUNING=off` (ADR 0005), unless
 * `BENCH_TUNING_OFF=0`.
 */
export const instancesList: Scenario = {
  id: "A",
  title: "Instances list through the gateway vs bare fastify + pg",
  method: [
    `\`GET ${PATH}\` with an admin bearer token through the gateway (authentication, rate limit, validation,`,
    "gRPC with a signed mesh assertion to the catalogue, PostgreSQL, response serialisation) and, as the",
    "baseline, the same path on a bare fastify + pg process (no auth, no gRPC) that runs the catalogue's",
    `query on the same database (${SEEDED_INSTANCES} instances or more). Max throughput: autocannon,`,
    `${CONNECTIONS} connections, closed loop, 2xx answers per second. p99: the open-loop generator at`,
    `${FIXED_RATE} requests/s, latency measured from each request's scheduled send time. Then, marked "grpc-js`,
    "hop alone\", the floor of the architecture (`pnpm bench:hop`, ADR 0009): the bare server's work split",
    "across two processes by one grpc-js unary call carrying the page's bytes, with none of the marketplace's",
    "code (no auth, mesh credentials, protobuf or telemetry), closed loop on the same database. Then the gateway",
    "path again on a second stack launched with `RUNTIME_TUNING=off` (the runtime tuning preload, ADR 0005,",
    'turned off; the first stack stays up, idle), figures marked "tuning off".',
  ].join(" "),
  async run(ctx) {
    const headers = authHeader(ctx.tokens.admin);
    await seedInstances(ctx, ctx.gateway, headers);
    const bare = await startBareServer(ctx.databaseUrl);
    try {
      const bareUrl = `${bare.url}${PATH}`;
      const warm = ctx.quick ? 2 : 5;
      const seconds = ctx.durations.closedLoopSeconds;
      const on = await measureGatewayPath(ctx, ctx.gatewayUrl, headers, new Set());
      ctx.log("A: warming up the bare server");
      await warmUp(bareUrl, {}, warm);
      ctx.log(`A: bare server, max throughput ${seconds} s, then p99 at ${FIXED_RATE} requests/s`);
      const bareHarness = harnessBefore();
      const bareRun = await cpuDuring([bare.pid], () =>
        runClosedLoop({ url: bareUrl, connections: CONNECTIONS, durationSeconds: seconds }),
      );
      const bareShares = harnessAfter(bareHarness, bareRun, seconds);
      const bareFixed = await fixedRate(ctx, bare.url, {});
      const hop = await measureHopAlone(ctx);
      const off = await measureWithTuningOff(ctx, new Set(on.pids));
      const figures = [
        ...pathFigures(on, bareRun, bareFixed, seconds, ""),
        ...hopFigures(hop, on, bareRun, seconds),
        ...(off ? pathFigures(off, bareRun, bareFixed, seconds, ", tuning off") : []),
      ];
      const notes = [
        `closed loop p99 (queueing included): gateway ${on.closed.result.p99Ms} ms${off ? ` (tuning off ${off.closed.result.p99Ms} ms)` : ""}, bare ${bareRun.result.p99Ms} ms`,
        `open loop achieved rate: gateway ${on.fixed.rate.toFixed(0)}/s${off ? ` (tuning off ${off.fixed.rate.toFixed(0)}/s)` : ""}, bare ${bareFixed.rate.toFixed(0)}/s`,
        `open loop generator's own event-loop delay (counted in its latencies): p99 ${on.fixed.generatorDelay.p99.toFixed(1)} ms, max ${on.fixed.generatorDelay.max.toFixed(1)} ms beside the gateway, p99 ${bareFixed.generatorDelay.p99.toFixed(1)} ms, max ${bareFixed.generatorDelay.max.toFixed(1)} ms beside bare`,
        `the machine's CPU in the closed loop, ms per request: ${sharesText("gateway path", on.shares)}; ${off ? `${sharesText("tuning off", off.shares)}; ` : ""}${sharesText("bare", bareShares)} (the load generator is this process, autocannon; PostgreSQL counted only when the runner started it)`,
        off
          ? `tuning off: a second stack launched with RUNTIME_TUNING=off, measured after the first (left idle) and the bare server`
          : "tuning off: not measured (the runner attached to a stack, or BENCH_TUNING_OFF=0)",
      ];
      return { status: "ran", figures, notes };
    } finally {
      await bare.stop();
    }
  },
};

/**
 * The grpc-js hop alone (bench/src/hop, ADR 0009): the bare server's page read by a grpc-js server and
 * fetched per request by a fastify front with one unary call, on the stack's database; closed loop.
 */
async function measureHopAlone(ctx: BenchContext): Promise<Measured> {
  const hop = await startHopPath("grpc", ctx.databaseUrl);
  try {
    ctx.log("A: warming up the grpc-js hop alone");
    await warmUp(hop.url, {}, ctx.quick ? 2 : 5);
    const seconds = ctx.durations.closedLoopSeconds;
    ctx.log(`A: the grpc-js hop alone, max throughput ${seconds} s`);
    return await cpuDuring(hop.pids, () =>
      runClosedLoop({ url: hop.url, connections: CONNECTIONS, durationSeconds: seconds }),
    );
  } finally {
    await hop.stop();
  }
}

/** The hop's figures against bare, and the gateway path against the hop: what the marketplace's code costs. */
function hopFigures(hop: Measured, path: PathRun, bare: Measured, seconds: number): Figure[] {
  const label = ", grpc-js hop alone";
  const rate = hop.result.requestsPerSecond;
  return [
    {
      name: `max throughput (2xx/s)${label}`,
      value: rate,
      unit: "req/s",
      baseline: { name: "bare fastify + pg", value: bare.result.requestsPerSecond },
      failures: hop.result.non2xx + hop.result.errors,
    },
    { name: `throughput vs bare${label}`, value: (100 * rate) / bare.result.requestsPerSecond, unit: "%" },
    {
      name: `CPU per request (front + upstream processes)${label}`,
      value: cpuPerRequest(hop, seconds),
      unit: "ms",
      baseline: { name: "bare fastify + pg process", value: cpuPerRequest(bare, seconds) },
    },
    {
      name: "gateway path's throughput vs the grpc-js hop alone",
      value: (100 * path.closed.result.requestsPerSecond) / Math.max(1, rate),
      unit: "%",
    },
  ];
}

/** One stack's gateway path: closed loop with the CPU of its gateway and catalogue, then the fixed rate. */
interface PathRun {
  closed: Measured;
  fixed: Awaited<ReturnType<typeof fixedRate>>;
  /** The gateway and catalogue processes measured (empty for a stack the runner attached to). */
  pids: number[];
  shares: HarnessShares;
}

/**
 * CPU milliseconds per answered request of the closed loop spent outside the processes measured: the load
 * generator (this process) and PostgreSQL. With two cores, a generator costing a large share of what the
 * path costs would cap throughput itself (the harness as the bottleneck).
 */
interface HarnessShares {
  generatorMs: number;
  postgresMs: number;
  /** Cores busy on average: generator, PostgreSQL and the processes measured. */
  cores: number;
}

function harnessBefore() {
  return { generator: cpuMs(process.pid), postgres: postgresCpuMs() };
}

function harnessAfter(
  before: ReturnType<typeof harnessBefore>,
  measured: Measured,
  seconds: number,
): HarnessShares {
  const answered = Math.max(1, measured.result.requestsPerSecond * seconds);
  const generator = cpuMs(process.pid) - before.generator;
  const postgres = postgresCpuMs() - before.postgres;
  return {
    generatorMs: generator / answered,
    postgresMs: postgres / answered,
    cores: (generator + postgres + measured.cpuMs) / (seconds * 1000),
  };
}

function sharesText(label: string, shares: HarnessShares): string {
  return `${label} generator ${shares.generatorMs.toFixed(2)}, PostgreSQL ${shares.postgresMs.toFixed(2)} (${shares.cores.toFixed(2)} cores busy in all)`;
}

/**
 * Warm the gateway at `gatewayUrl` up and measure its path. `others` are processes of another stack with
 * the same command lines, left out of the CPU figure.
 */
async function measureGatewayPath(
  ctx: BenchContext,
  gatewayUrl: string,
  headers: Record<string, string>,
  others: ReadonlySet<number>,
): Promise<PathRun> {
  const url = `${gatewayUrl}${PATH}`;
  ctx.log(`A: warming up the gateway at ${gatewayUrl}`);
  await warmUp(url, headers, ctx.quick ? 2 : 5);
  const pids = ["gateway/src/main.ts", "catalogue/src/main.ts"]
    .flatMap(childrenRunning)
    .filter((pid) => !others.has(pid));
  const seconds = ctx.durations.closedLoopSeconds;
  ctx.log(`A: gateway, max throughput ${seconds} s, then p99 at ${FIXED_RATE} requests/s`);
  const harness = harnessBefore();
  const closed = await cpuDuring(pids, () =>
    runClosedLoop({ url, headers, connections: CONNECTIONS, durationSeconds: seconds }),
  );
  const shares = harnessAfter(harness, closed, seconds);
  const fixed = await fixedRate(ctx, gatewayUrl, headers);
  return { closed, fixed, pids, shares };
}

/** The gateway path on a second stack with the runtime tuning off, or undefined when it cannot be started. */
async function measureWithTuningOff(
  ctx: BenchContext,
  first: ReadonlySet<number>,
): Promise<PathRun | undefined> {
  if (!ctx.startStack || process.env.BENCH_TUNING_OFF === "0") return undefined;
  ctx.log("A: starting a second stack with RUNTIME_TUNING=off");
  const stack = await ctx.startStack({ RUNTIME_TUNING: "off" });
  const pool = httpPool(stack.gatewayUrl);
  try {
    const headers = authHeader(stack.tokens.admin);
    await seedInstances(ctx, pool, headers);
    return await measureGatewayPath(ctx, stack.gatewayUrl, headers, first);
  } finally {
    await pool.close();
    await stack.stop();
  }
}

function pathFigures(
  run: PathRun,
  bare: Measured,
  bareFixed: PathRun["fixed"],
  seconds: number,
  label: string,
): Figure[] {
  const gw = run.closed.result;
  const ratio = gw.requestsPerSecond / bare.result.requestsPerSecond;
  return [
    {
      name: `max throughput (2xx/s)${label}`,
      value: gw.requestsPerSecond,
      unit: "req/s",
      baseline: { name: "bare fastify + pg", value: bare.result.requestsPerSecond },
      failures: gw.non2xx + gw.errors,
    },
    {
      name: `throughput vs bare${label}`,
      value: ratio * 100,
      unit: "%",
      goal: { text: ">= 50 % of bare", met: ratio >= 0.5 },
    },
    ...(run.pids.length === 2 ? [cpuFigure(run.closed, bare, seconds, label)] : []),
    {
      name: `p99 at ${FIXED_RATE} req/s${label}`,
      value: run.fixed.p99,
      unit: "ms",
      baseline: { name: "bare fastify + pg", value: bareFixed.p99 },
      goal: { text: "<= 15 ms", met: run.fixed.p99 <= 15 && run.fixed.failures === 0 },
      failures: run.fixed.failures,
    },
    {
      name: `p50 at ${FIXED_RATE} req/s${label}`,
      value: run.fixed.p50,
      unit: "ms",
      baseline: { name: "bare fastify + pg", value: bareFixed.p50 },
    },
  ];
}

async function seedInstances(
  ctx: BenchContext,
  gateway: Pool,
  headers: Record<string, string>,
): Promise<void> {
  const page = JSON.parse(await getOk(gateway, "/marketplace/instances?page=1&pageSize=1", headers)) as {
    totalCount: number;
  };
  const missing = SEEDED_INSTANCES - page.totalCount;
  for (let i = 0; i < missing; i++) {
    const body = { name: `Bench instance ${i}`, defaultCurrency: "EUR", platformFeeBps: 1000 };
    await postJson(gateway, "/marketplace/instances", headers, body);
  }
  if (missing > 0) ctx.log(`A: seeded ${missing} instances`);
}

async function fixedRate(ctx: BenchContext, origin: string, headers: Record<string, string>) {
  const pool = httpPool(origin, 128);
  // The generator runs in this process: a pause of its own (a GC, a late timer) delays the sends and is
  // counted as latency, so its event-loop delay is reported beside the p99.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  try {
    loop.enable();
    const result = await runOpenLoop({
      rate: FIXED_RATE,
      durationMs: ctx.durations.openLoopMs,
      warmupMs: ctx.durations.warmupMs,
      operation: () => getOk(pool, PATH, headers).then(() => undefined),
    });
    loop.disable();
    const summary = summarise(result.latency);
    const generatorDelay = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    return {
      ...summary,
      failures: result.failed + result.dropped,
      rate: result.achievedRate,
      generatorDelay,
    };
  } finally {
    loop.disable();
    await pool.close();
  }
}

type Measured = { result: ClosedLoopResult; cpuMs: number };

/**
 * CPU milliseconds per answered request in the closed loop: steadier than throughput on a shared machine,
 * since it does not depend on how much CPU other work left. PostgreSQL's share is not counted on either side.
 */
function cpuFigure(gateway: Measured, bare: Measured, seconds: number, label: string): Figure {
  return {
    name: `CPU per request (gateway + catalogue processes)${label}`,
    value: cpuPerRequest(gateway, seconds),
    unit: "ms",
    baseline: { name: "bare fastify + pg process", value: cpuPerRequest(bare, seconds) },
  };
}

/** CPU milliseconds of the measured processes per request answered in a closed loop of `seconds`. */
function cpuPerRequest(run: Measured, seconds: number): number {
  return run.cpuMs / Math.max(1, run.result.requestsPerSecond * seconds);
}
