import { monitorEventLoopDelay } from "node:perf_hooks";
import { startBareServer } from "../bare/spawn";
import { childrenRunning, cpuDuring } from "../cpu";
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
 * process running the same query on the same database.
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
    `${FIXED_RATE} requests/s, latency measured from each request's scheduled send time.`,
  ].join(" "),
  async run(ctx) {
    const headers = authHeader(ctx.tokens.admin);
    await seedInstances(ctx, headers);
    const bare = await startBareServer(ctx.databaseUrl);
    try {
      const gatewayUrl = `${ctx.gatewayUrl}${PATH}`;
      const bareUrl = `${bare.url}${PATH}`;
      await getOk(ctx.gateway, PATH, headers);
      const warm = ctx.quick ? 2 : 5;
      ctx.log("A: warming up both targets");
      await warmUp(gatewayUrl, headers, warm);
      await warmUp(bareUrl, {}, warm);
      const seconds = ctx.durations.closedLoopSeconds;
      ctx.log(`A: max throughput, ${seconds} s each`);
      const pathPids = ["gateway/src/main.ts", "catalogue/src/main.ts"].flatMap(childrenRunning);
      const gwRun = await cpuDuring(pathPids, () =>
        runClosedLoop({ url: gatewayUrl, headers, connections: CONNECTIONS, durationSeconds: seconds }),
      );
      const bareRun = await cpuDuring([bare.pid], () =>
        runClosedLoop({ url: bareUrl, connections: CONNECTIONS, durationSeconds: seconds }),
      );
      const gw = gwRun.result;
      const bareMax = bareRun.result;
      ctx.log(`A: p99 at ${FIXED_RATE} requests/s, ${ctx.durations.openLoopMs / 1000} s each`);
      const gwFixed = await fixedRate(ctx, ctx.gatewayUrl, headers);
      const bareFixed = await fixedRate(ctx, bare.url, {});
      const ratio = gw.requestsPerSecond / bareMax.requestsPerSecond;
      const figures: Figure[] = [
        {
          name: "max throughput (2xx/s)",
          value: gw.requestsPerSecond,
          unit: "req/s",
          baseline: { name: "bare fastify + pg", value: bareMax.requestsPerSecond },
          failures: gw.non2xx + gw.errors,
        },
        {
          name: "throughput vs bare",
          value: ratio * 100,
          unit: "%",
          goal: { text: ">= 50 % of bare", met: ratio >= 0.5 },
        },
        ...(pathPids.length === 2 ? [cpuFigure(gwRun, bareRun, seconds)] : []),
        {
          name: `p99 at ${FIXED_RATE} req/s`,
          value: gwFixed.p99,
          unit: "ms",
          baseline: { name: "bare fastify + pg", value: bareFixed.p99 },
          goal: { text: "<= 15 ms", met: gwFixed.p99 <= 15 && gwFixed.failures === 0 },
          failures: gwFixed.failures,
        },
        {
          name: `p50 at ${FIXED_RATE} req/s`,
          value: gwFixed.p50,
          unit: "ms",
          baseline: { name: "bare fastify + pg", value: bareFixed.p50 },
        },
      ];
      const notes = [
        `closed loop p99 (queueing included): gateway ${gw.p99Ms} ms, bare ${bareMax.p99Ms} ms`,
        `open loop achieved rate: gateway ${gwFixed.rate.toFixed(0)}/s, bare ${bareFixed.rate.toFixed(0)}/s`,
        `open loop generator's own event-loop delay (counted in its latencies): p99 ${gwFixed.generatorDelay.p99.toFixed(1)} ms, max ${gwFixed.generatorDelay.max.toFixed(1)} ms beside the gateway, p99 ${bareFixed.generatorDelay.p99.toFixed(1)} ms, max ${bareFixed.generatorDelay.max.toFixed(1)} ms beside bare`,
      ];
      return { status: "ran", figures, notes };
    } finally {
      await bare.stop();
    }
  },
};

async function seedInstances(ctx: BenchContext, headers: Record<string, string>): Promise<void> {
  const page = JSON.parse(await getOk(ctx.gateway, "/marketplace/instances?page=1&pageSize=1", headers)) as {
    totalCount: number;
  };
  const missing = SEEDED_INSTANCES - page.totalCount;
  for (let i = 0; i < missing; i++) {
    const body = { name: `Bench instance ${i}`, defaultCurrency: "EUR", platformFeeBps: 1000 };
    await postJson(ctx.gateway, "/marketplace/instances", headers, body);
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
function cpuFigure(gateway: Measured, bare: Measured, seconds: number): Figure {
  const perRequest = (run: Measured) => run.cpuMs / Math.max(1, run.result.requestsPerSecond * seconds);
  return {
    name: "CPU per request (gateway + catalogue processes)",
    value: perRequest(gateway),
    unit: "ms",
    baseline: { name: "bare fastify + pg process", value: perRequest(bare) },
  };
}
