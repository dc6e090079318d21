import type pg from "pg";
import { p99Figure } from "../latency-figure";
import { runOpenLoop } from "../load/open-loop";
import type { Figure, Scenario } from "../scenario";
import { Histogram, summarise } from "../stats/histogram";
import { JETSTREAM, jetStreamBaseline } from "./jetstream-baseline";
import { commitStatementPaid } from "./statement-paid-event";
import {
  deleteEndpoint,
  registerStatementPaidEndpoint,
  settlementsPool,
  startWebhookReceiver,
} from "./webhook-endpoint";

const RATE = 200;

/**
 * Scenario W (issue 27): outbound webhooks, from an event's commit at its source to the receiver's 2xx.
 * The event is `settlements.statement.paid.v1`, which only webhooks consumes, so the load touches no
 * other read model.
 */
export const webhookDelivery: Scenario = {
  id: "W",
  title: "Webhook delivery: event committed -> receiver's 2xx",
  method: [
    `The demo provider registers a webhook endpoint for \`statement.paid\` (through the gateway) on a local`,
    `HTTP receiver that answers 204. At ${RATE} events/s (open loop) the runner commits one`,
    "`settlements.statement.paid.v1` for the provider's organisation into settlements' outbox (one",
    "autocommitted statement, as settlements' own transaction would append it); each is done when the",
    "receiver holds its signed POST. Latency from the scheduled commit, so settlements' relay, JetStream,",
    "webhooks' consumer transaction (the delivery row), the hand-off to a worker, the HMAC and the HTTP POST",
    "are all inside it. Baseline: a bare JetStream publish -> durable pull consumer at the same rate. The",
    "endpoint is deleted afterwards.",
  ].join(" "),
  async run(ctx) {
    const arrivals = new Map<string, () => void>();
    const early = new Set<string>();
    const { server: receiver, port } = await startWebhookReceiver((id) => {
      const done = arrivals.get(id);
      if (done) done();
      else early.add(id);
    });
    const registered = await registerStatementPaidEndpoint(ctx.gatewayUrl, ctx.tokens.provider, {
      url: `http://127.0.0.1:${port}/bench`,
      description: "bench W",
    });
    if ("refused" in registered) {
      receiver.close();
      return registered.refused;
    }
    const { endpointId } = registered;
    const db = settlementsPool(ctx.databaseUrl, 8);
    const arrived = (id: string, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        if (early.delete(id)) return resolve();
        const timer = setTimeout(() => {
          arrivals.delete(id);
          reject(new Error(`event ${id} not delivered within ${timeoutMs} ms`));
        }, timeoutMs);
        arrivals.set(id, () => {
          clearTimeout(timer);
          arrivals.delete(id);
          resolve();
        });
      });
    const commitOne = () => commitStatementPaid(db);
    const options = { rate: RATE, durationMs: ctx.durations.openLoopMs, warmupMs: ctx.durations.warmupMs };
    try {
      // One event first, end to end: the consumer, the worker and the connection to the receiver are warm.
      await arrived(await commitOne(), 60_000);
      ctx.log(`W: ${RATE} events/s committed -> delivered for ${options.durationMs / 1000} s`);
      // The two halves of each measured event's time, from when its operation started: the runner's own
      // commit (its pool, PostgreSQL), then the path after the commit returned (relay to receiver).
      const counted = Math.ceil((options.warmupMs / 1000) * RATE);
      const committing = new Histogram();
      const afterCommit = new Histogram();
      const result = await runOpenLoop({
        ...options,
        drainMs: 30_000,
        operation: async (index) => {
          const started = performance.now();
          const id = await commitOne();
          const committed = performance.now();
          await arrived(id, 60_000);
          if (index < counted) return;
          committing.record(committed - started);
          afterCommit.record(performance.now() - committed);
        },
      });
      ctx.log(`W: baseline, bare JetStream publish -> consume at ${RATE}/s`);
      const baseline = await jetStreamBaseline(ctx.natsUrl, options);
      const stack = summarise(result.latency);
      const bare = summarise(baseline.latency);
      const figures: Figure[] = [
        p99Figure({
          name: `p99 committed -> receiver's 2xx at ${RATE}/s`,
          result,
          baseline: { name: JETSTREAM, result: baseline },
          goalMs: 1_000,
        }),
        {
          name: `p50 committed -> receiver's 2xx at ${RATE}/s`,
          value: stack.p50,
          unit: "ms",
          baseline: { name: JETSTREAM, value: bare.p50 },
        },
        { name: "max committed -> receiver's 2xx", value: stack.max, unit: "ms" },
        {
          name: "p99 commit returned to the runner -> receiver's 2xx (the path alone)",
          value: summarise(afterCommit).p99,
          unit: "ms",
          baseline: { name: JETSTREAM, value: bare.p99 },
        },
        {
          name: "p50 commit returned to the runner -> receiver's 2xx (the path alone)",
          value: summarise(afterCommit).p50,
          unit: "ms",
          baseline: { name: JETSTREAM, value: bare.p50 },
        },
        {
          name: "p99 operation started -> commit returned (the runner's own insert)",
          value: summarise(committing).p99,
          unit: "ms",
        },
      ];
      const notes = [
        ...(await stageBreakdown(db, endpointId)),
        `achieved rate ${result.achievedRate.toFixed(0)}/s; ${result.sent} events; failed ${result.failed}, dropped ${result.dropped}, timed out ${result.timedOut}`,
        ...(result.firstError ? [`first failure: ${result.firstError}`] : []),
      ];
      return { status: "ran", figures, notes };
    } finally {
      await deleteEndpoint(ctx.gatewayUrl, ctx.tokens.provider, endpointId);
      await db.end();
      receiver.closeAllConnections();
      receiver.close();
    }
  },
};

/**
 * Where the time went, from the rows' own timestamps (one database clock): the source's outbox row
 * (created -> sent by settlements' relay), webhooks' delivery row (made in its consumer's transaction,
 * before the commit), and the attempt (started, right after the commit or by a claim -> answered).
 */
async function stageBreakdown(db: pg.Pool, endpointId: string): Promise<string[]> {
  const { rows } = await db.query<{ stage: string; p50: number; p99: number }>(
    `WITH d AS (
       SELECT o.created_at AS committed, o.sent_at AS relayed, w.created_at AS made,
              w.last_attempt_at AS started, w.delivered_at AS delivered
         FROM webhooks.deliveries w JOIN settlements.outbox o ON o.event_id = w.event_id
        WHERE w.endpoint_id = $1 AND w.status = 'succeeded'),
     stages AS (
       SELECT 'committed -> relayed' AS stage, extract(epoch FROM relayed - committed) * 1000 AS ms FROM d
       UNION ALL SELECT 'relayed -> delivery row', extract(epoch FROM made - relayed) * 1000 FROM d
       UNION ALL SELECT 'delivery row -> attempt started', extract(epoch FROM started - made) * 1000 FROM d
       UNION ALL SELECT 'attempt started -> answered', extract(epoch FROM delivered - started) * 1000 FROM d
       UNION ALL SELECT 'outbox row -> answered (all of the above)', extract(epoch FROM delivered - committed) * 1000 FROM d)
     SELECT stage, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
       FROM stages GROUP BY stage`,
    [endpointId],
  );
  return rows.map(
    (r) => `${r.stage}: p50 ${Number(r.p50).toFixed(1)} ms, p99 ${Number(r.p99).toFixed(1)} ms`,
  );
}
