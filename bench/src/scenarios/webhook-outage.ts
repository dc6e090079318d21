import { setTimeout as sleep } from "node:timers/promises";
import { type Figure, notRun, type Scenario } from "../scenario";
import { commitStatementPaid } from "./statement-paid-event";
import {
  deleteEndpoint,
  registerStatementPaidEndpoint,
  settlementsPool,
  startWebhookReceiver,
} from "./webhook-endpoint";

/** The retry schedule of W2's own stack: short steps so catching up takes minutes, a 3-day window as in production. */
const SCHEDULE = process.env.BENCH_WEBHOOK_OUTAGE_SCHEDULE ?? "5s,15s,30s,1m/3d";
const RATE = Number(process.env.BENCH_WEBHOOK_OUTAGE_RATE ?? 20);

/**
 * Scenario W2 (issue 27, webhooks goal 2): a receiver down for a while receives every event once it is
 * back, nothing lost, duplicates only by `id`. It starts its own stack (WEBHOOK_RETRY_SCHEDULE).
 */
export const webhookOutage: Scenario = {
  id: "W2",
  title: "Webhook receiver down, then back: nothing lost",
  method: [
    "A stack of its own with `WEBHOOK_RETRY_SCHEDULE` = BENCH_WEBHOOK_OUTAGE_SCHEDULE (default",
    `\`${SCHEDULE}\`: the production steps of 30 min and more would only lengthen the wait). The demo`,
    "provider registers an endpoint for `statement.paid` on a local HTTP receiver (204); one event goes",
    "through; then the receiver's server is closed (connection refused) for BENCH_WEBHOOK_OUTAGE_SECONDS",
    `(600; 60 with BENCH_QUICK) while the runner commits \`settlements.statement.paid.v1\` at ${RATE}/s`,
    "(BENCH_WEBHOOK_OUTAGE_RATE) into settlements' outbox; then the receiver listens again on the same",
    "port and the run waits until every committed event id arrived (at most 10 min), then 10 s more for",
    "late copies. Goals: every id received; a second arrival only with the same id and the same body.",
    "Baseline: the schedule's longest step, the time a delivery due after the return may wait.",
  ].join(" "),
  async run(ctx) {
    if (!ctx.startStack) return notRun("attached to a stack: this scenario sets WEBHOOK_RETRY_SCHEDULE");
    const outageMs = Number(process.env.BENCH_WEBHOOK_OUTAGE_SECONDS ?? (ctx.quick ? 60 : 600)) * 1000;
    const bodies = new Map<string, string>();
    let copies = 0;
    let differing = 0;
    let lastArrival = 0;
    const { server: receiver, port } = await startWebhookReceiver((id, body) => {
      const seen = bodies.get(id);
      if (seen === undefined) bodies.set(id, body);
      else {
        copies++;
        if (seen !== body) differing++;
      }
      lastArrival = performance.now();
    });
    const stack = await ctx.startStack({ WEBHOOK_RETRY_SCHEDULE: SCHEDULE });
    const db = settlementsPool(stack.databaseUrl, 4);
    try {
      const registered = await registerStatementPaidEndpoint(stack.gatewayUrl, stack.tokens.provider, {
        url: `http://127.0.0.1:${port}/w2`,
      });
      if ("refused" in registered) return registered.refused;
      const { endpointId } = registered;
      const warm = await commitStatementPaid(db);
      for (const deadline = Date.now() + 60_000; !bodies.has(warm); await sleep(100))
        if (Date.now() > deadline) throw new Error("the first event was not delivered within 60 s");

      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
      ctx.log(`W2: receiver down for ${outageMs / 1000} s, ${RATE} events/s committed`);
      const committed: string[] = [];
      const started = performance.now();
      for (let i = 0; performance.now() - started < outageMs; i++) {
        const due = started + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        committed.push(await commitStatementPaid(db));
      }
      const downDelivered = committed.filter((id) => bodies.has(id)).length;
      await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
      const back = performance.now();
      ctx.log(`W2: receiver back; waiting for ${committed.length} events`);
      const missing = () => committed.filter((id) => !bodies.has(id)).length;
      for (const deadline = Date.now() + 600_000; missing() > 0 && Date.now() < deadline; ) await sleep(250);
      const allAt = missing() === 0 ? lastArrival : Number.NaN;
      await sleep(10_000);
      const lost = missing();
      const { rows } = await db.query<{ status: string; n: number; attempts: number }>(
        `SELECT status, count(*)::int AS n, max(attempts)::int AS attempts
           FROM webhooks.deliveries WHERE endpoint_id = $1 GROUP BY status`,
        [endpointId],
      );
      const longestStepS = longestStepSeconds(SCHEDULE);
      const figures: Figure[] = [
        {
          name: `events committed while the receiver was down (${outageMs / 1000} s)`,
          value: committed.length,
          unit: "",
        },
        {
          name: "of them received once it was back (distinct ids)",
          value: committed.length - lost,
          unit: "",
          goal: { text: "every one: nothing lost", met: lost === 0 },
          failures: lost,
        },
        {
          name: "second arrivals of an id (same id, same body)",
          value: copies,
          unit: "",
          goal: { text: "duplicates only by id", met: differing === 0 },
          failures: differing,
        },
        {
          name: "receiver back -> every event received",
          value: (allAt - back) / 1000,
          unit: "s",
          baseline: { name: `longest retry step of ${SCHEDULE}`, value: longestStepS },
        },
      ];
      const notes = [
        `retry schedule ${SCHEDULE}; ${downDelivered} of the events arrived while the receiver was down (0 expected)`,
        `delivery rows of the endpoint: ${rows.map((r) => `${r.status} ${r.n} (attempts at most ${r.attempts})`).join(", ")}`,
      ];
      await deleteEndpoint(stack.gatewayUrl, stack.tokens.provider, endpointId);
      return { status: "ran", figures, notes };
    } finally {
      await db.end();
      receiver.closeAllConnections();
      receiver.close();
      await stack.stop();
    }
  },
};

function longestStepSeconds(schedule: string): number {
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400 };
  const steps = (schedule.split("/")[0] ?? "").split(",").map((step) => {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(step.trim());
    return match ? Number(match[1]) * (units[match[2]!] ?? 0) : 0;
  });
  return Math.max(...steps);
}
