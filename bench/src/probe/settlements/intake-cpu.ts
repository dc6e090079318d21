/**
 * Settlements' intake cost per notification, without a stack: a fresh database on the local PostgreSQL
 * (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), the settlements migrations, then
 * signed `payment_intent.succeeded` notifications (as bench scenario E sends them) handed to
 * `ReceivePaymentEvents`' use case in calls of 16, two calls at once (as the gateway's batcher does),
 * each verified and stored through the group commit. The gRPC hop and processing are left out. Reports SQL
 * statements per call, CPU per stored event of this process and of its PostgreSQL backends (from /proc/<pid>/stat, so the server
 * must run on this machine), its scavenges and other collections per 1,000 events, and whether every row
 * stored holds exactly the bytes sent, with its envelope fields (must not change with an optimisation).
 *
 *   pnpm tsx --max-semi-space-size=1 bench/src/probe/settlements/intake-cpu.ts [events=20000] [per call=16]
 */
import { randomBytes } from "node:crypto";
import { PerformanceObserver } from "node:perf_hooks";
import { paymentIntentSucceeded, signStripePayload } from "@mp/testing/stripe";
import { writeCostMeter } from "@mp/testing/write-cost";
import { makeReceivePaymentEvents } from "../../../../services/settlements/src/application/receive-payment-event";
import { makePaymentEventRepository } from "../../../../services/settlements/src/infra/payment-event.repository";
import { stripeSignatureVerifier } from "../../../../services/settlements/src/infra/stripe-signature";
import { withServiceDatabase } from "../service-database";

const EVENTS = Number(process.argv[2] ?? 20_000);
/** Notifications per call: the gateway's batches at 1,000/s were mostly 2 to 60 (bench scenario E). */
const CALL = Number(process.argv[3] ?? 16);
/** As the gateway's batcher: at most 2 calls in flight. */
const CALLS_AT_ONCE = 2;
const SECRET = "whsec_intake_cpu_000000000000000000";

function notification(run: string, i: number) {
  const event = paymentIntentSucceeded(
    {
      listingId: "0193a1b2-0000-7000-8000-00000000a001",
      deviceId: `dev${i % 10}`,
      amount: 1999,
      currency: "EUR",
      paymentIntentId: `pi_cpu_${run}_${i}`,
    },
    { id: `evt_cpu_${run}_${i}` },
  );
  const body = JSON.stringify(event);
  return { payload: Buffer.from(body), signature: signStripePayload(body, SECRET) };
}

async function main() {
  await withServiceDatabase("settlements", { prefix: "intake_cpu", max: 4 }, async (pool, logger) => {
    const receive = makeReceivePaymentEvents({
      verifier: stripeSignatureVerifier([SECRET]),
      events: makePaymentEventRepository(pool),
    });
    const ctx = {
      principal: undefined,
      service: { service: "gateway" },
      requestId: "intake-cpu",
      signal: new AbortController().signal,
      logger,
    } as unknown as Parameters<typeof receive>[1];
    const meter = await writeCostMeter(pool, { connections: 4 });
    const sent = new Map<string, Buffer>();
    const run = async (label: string, count: number) => {
      const tag = randomBytes(3).toString("hex");
      const all = Array.from({ length: count }, (_, i) => notification(tag, i));
      for (const [i, n] of all.entries()) sent.set(`evt_cpu_${tag}_${i}`, n.payload);
      let scavenges = 0;
      let fulls = 0;
      const gc = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === 1) scavenges++;
          else fulls++;
        }
      });
      gc.observe({ entryTypes: ["gc"] });
      let next = 0;
      let refused = 0;
      const caller = async () => {
        while (next < all.length) {
          const events = all.slice(next, next + CALL);
          next += CALL;
          for (const r of await receive({ events }, ctx)) if (!r.accepted) refused++;
        }
      };
      const cost = await meter.cost(() =>
        Promise.all(Array.from({ length: CALLS_AT_ONCE }, caller)).then(() => {}),
      );
      gc.disconnect();
      console.log(
        `${label}: ${count} events (${refused} refused) in calls of ${CALL}, ${(cost.statements / (count / CALL)).toFixed(2)} statements per call; per event: this process ${(cost.processMs / count).toFixed(3)} ms CPU, ` +
          `PostgreSQL backends ${(cost.postgresMs / count).toFixed(3)} ms CPU, wall ${(cost.wallMs / count).toFixed(3)} ms; ` +
          `per 1,000 events ${((scavenges * 1000) / count).toFixed(1)} scavenges, ${((fulls * 1000) / count).toFixed(2)} other collections`,
      );
    };
    await run("warm-up", 2_000);
    await run("intake", EVENTS);
    const { rows } = await pool.query<{
      id: string;
      type: string;
      livemode: boolean;
      created: Date;
      payload: Buffer;
    }>("SELECT id, type, livemode, created, payload FROM payment_events");
    const wrong = rows.filter((row) => {
      const body = sent.get(row.id);
      const event =
        body && (JSON.parse(body.toString()) as { type: string; livemode: boolean; created: number });
      return (
        !body ||
        !event ||
        !body.equals(row.payload) ||
        row.type !== event.type ||
        row.livemode !== event.livemode ||
        row.created.getTime() !== event.created * 1000
      );
    });
    console.log(`${rows.length} rows stored of ${sent.size} sent; ${wrong.length} differ from what was sent`);
  });
}

await main();
