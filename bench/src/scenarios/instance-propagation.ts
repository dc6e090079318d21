import pg from "pg";
import { childrenRunning, cpuDuring, cpuMs, postgresCpuMs } from "../cpu";
import { p99Figure } from "../latency-figure";
import { postJson } from "../load/http";
import { runOpenLoop } from "../load/open-loop";
import { authHeader, type Figure, type Scenario } from "../scenario";
import { Histogram, summarise } from "../stats/histogram";
import { JETSTREAM, jetStreamBaseline } from "./jetstream-baseline";
import { RowWatcher } from "./row-watcher";

const RATE = 200;

/**
 * Scenario B (issue 6): an instance created through the gateway until publishing knows it (its
 * `known_instances` row exists, which is what creating an item in that instance checks).
 */
export const instancePropagation: Scenario = {
  id: "B",
  title: "Instance created -> known in publishing",
  method: [
    `\`POST /marketplace/instances\` through the gateway at ${RATE} creations/s (open loop); each one`,
    "is done when its row appears in publishing's `known_instances` (the catalogue's outbox relays",
    "`catalogue.instance.created.v1` over JetStream to publishing's consumer), watched by one query every",
    "5 ms over the ids in flight. Latency from the scheduled send of the POST, so the HTTP call, the",
    "transaction, the outbox relay, JetStream and the consumer's transaction are all inside it. Baseline:",
    `a bare JetStream publish -> durable pull consumer at the same rate on the same NATS server.`,
  ].join(" "),
  async run(ctx) {
    const headers = authHeader(ctx.tokens.admin);
    const db = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
    const watcher = new RowWatcher(
      db,
      "SELECT id FROM publishing.known_instances WHERE id = ANY($1::uuid[])",
    );
    const options = { rate: RATE, durationMs: ctx.durations.openLoopMs, warmupMs: ctx.durations.warmupMs };
    try {
      ctx.log(`B: ${RATE} instance creations/s for ${options.durationMs / 1000} s`);
      // How long after its answer each creation became known: the event path alone (outbox -> consumer).
      const afterAnswer = new Histogram();
      // How long the POST itself took to answer (the HTTP call and the catalogue's transaction).
      const answered = new Histogram();
      const counted = (options.warmupMs / 1000) * RATE;
      // Wall-clock times (ms since the epoch) of each counted creation's send, answer and sighting, to
      // line up with the database's own timestamps of the event's way (see `eventPathBreakdown`).
      const clocks = new Map<string, { sent: number; answered: number; seen: number }>();
      // CPU per creation of the services on the path (steadier than latency on a shared machine).
      const services = ["gateway", "catalogue", "publishing", "listings", "settlements"];
      const pids = services.map((name) =>
        childrenRunning(name === "gateway" ? "gateway/src/main.ts" : `services/${name}/src/main.ts`),
      );
      const before = pids.map((list) => list.reduce((sum, pid) => sum + cpuMs(pid), 0));
      // The stack's PostgreSQL (server and backends, ended ones included) and NATS server, when the runner
      // launched them: every round trip and publish costs them too.
      const serverCpu = () => ({
        postgres: postgresCpuMs(),
        "nats-server": childrenRunning("nats-server").reduce((sum, pid) => sum + cpuMs(pid), 0),
      });
      const serversBefore = serverCpu();
      const { result } = await cpuDuring(pids.flat(), () =>
        runOpenLoop({
          ...options,
          drainMs: 15_000,
          operation: async (index) => {
            const body = { name: `Bench propagation ${index}`, defaultCurrency: "EUR", platformFeeBps: 500 };
            const path = "/marketplace/instances";
            const sentAt = performance.now();
            const created = await postJson<{ id: string }>(ctx.gateway, path, headers, body);
            const answeredAt = performance.now();
            if (index >= counted) answered.record(answeredAt - sentAt);
            await watcher.seen(created.id);
            const seenAt = performance.now();
            if (index >= counted) {
              afterAnswer.record(seenAt - answeredAt);
              const epoch = (t: number) => performance.timeOrigin + t;
              clocks.set(created.id, {
                sent: epoch(sentAt),
                answered: epoch(answeredAt),
                seen: epoch(seenAt),
              });
            }
          },
        }),
      );
      const cpuPerCreation = pids.map(
        (list, i) =>
          (list.reduce((sum, pid) => sum + cpuMs(pid), 0) - (before[i] ?? 0)) / Math.max(1, result.sent),
      );
      const serversAfter = serverCpu();
      const serverFigures = (["postgres", "nats-server"] as const).map((name) => ({
        name: `${name} CPU per creation`,
        value: (serversAfter[name] - serversBefore[name]) / Math.max(1, result.sent),
        unit: "ms",
      }));
      ctx.log(`B: baseline, bare JetStream publish -> consume at ${RATE}/s`);
      const baseline = await jetStreamBaseline(ctx.natsUrl, options);
      const stack = summarise(result.latency);
      const bare = summarise(baseline.latency);
      const figures: Figure[] = [
        p99Figure({
          name: `p99 created -> known at ${RATE}/s`,
          result,
          baseline: { name: JETSTREAM, result: baseline },
          goalMs: 100,
        }),
        {
          name: "p99 answered -> known (the event path alone)",
          value: afterAnswer.percentile(0.99),
          unit: "ms",
          baseline: { name: JETSTREAM, value: bare.p99 },
        },
        {
          name: "p50 answered -> known (the event path alone)",
          value: afterAnswer.percentile(0.5),
          unit: "ms",
          baseline: { name: JETSTREAM, value: bare.p50 },
        },
        { name: "p99 POST answered (from its send)", value: answered.percentile(0.99), unit: "ms" },
        {
          name: `p50 created -> known at ${RATE}/s`,
          value: stack.p50,
          unit: "ms",
          baseline: { name: JETSTREAM, value: bare.p50 },
        },
      ];
      if (pids.every((list) => list.length === 1))
        figures.push(
          ...services.map((name, i) => ({
            name: `${name} CPU per creation`,
            value: cpuPerCreation[i] ?? 0,
            unit: "ms",
          })),
          ...serverFigures.filter((figure) => figure.value > 0),
        );
      const notes = [
        `achieved creation rate ${result.achievedRate.toFixed(0)}/s; baseline failures ${baseline.failed}`,
        ...(await eventPathBreakdown(db, clocks)),
        ...(result.firstError ? [`first failure: ${result.firstError}`] : []),
      ];
      return { status: "ran", figures, notes };
    } finally {
      watcher.stop();
      await db.end();
    }
  },
};

/**
 * Where a creation's time goes, p50 / p99 of each step, from the bench's clock and the database's
 * timestamps of the same event (one machine, one clock): the catalogue's transaction start (the outbox
 * row's `created_at`), the relay pass that published it (`sent_at`, its transaction start), publishing's
 * consumer transaction (the inbox row's `handled_at`, its start).
 */
async function eventPathBreakdown(
  db: pg.Pool,
  clocks: Map<string, { sent: number; answered: number; seen: number }>,
): Promise<string[]> {
  if (clocks.size === 0) return [];
  const { rows } = await db.query<{ id: string; created: number; sent: number; handled: number }>(
    `SELECT o.payload->'data'->>'id' AS id,
            (extract(epoch FROM o.created_at) * 1000)::float8 AS created,
            (extract(epoch FROM o.sent_at) * 1000)::float8 AS sent,
            (extract(epoch FROM i.handled_at) * 1000)::float8 AS handled
       FROM catalogue.outbox o
       JOIN publishing.inbox i ON i.event_id = o.event_id AND i.consumer = 'publishing-instances'
      WHERE o.event_type = 'catalogue.instance.created.v1' AND o.payload->'data'->>'id' = ANY($1::text[])`,
    [[...clocks.keys()]],
  );
  const steps: Array<[string, Histogram]> = [
    ["POST sent -> catalogue transaction starts", new Histogram()],
    ["catalogue transaction starts -> POST answered", new Histogram()],
    ["catalogue transaction starts -> relay pass starts", new Histogram()],
    ["relay pass starts -> publishing transaction starts", new Histogram()],
    ["publishing transaction starts -> row seen", new Histogram()],
  ];
  for (const row of rows) {
    const clock = clocks.get(row.id);
    if (!clock) continue;
    const spans = [
      row.created - clock.sent,
      clock.answered - row.created,
      row.sent - row.created,
      row.handled - row.sent,
      clock.seen - row.handled,
    ];
    for (const [i, value] of spans.entries()) steps[i]?.[1].record(Math.max(0, value));
  }
  return [
    `event path breakdown over ${rows.length} creations (p50 / p99 ms): ` +
      steps
        .map(([name, h]) => `${name} ${h.percentile(0.5).toFixed(1)} / ${h.percentile(0.99).toFixed(1)}`)
        .join("; "),
  ];
}
