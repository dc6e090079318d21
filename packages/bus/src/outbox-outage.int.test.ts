import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withTransaction } from "@mp/db";
import { freePort, type Started, startNatsServer, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { newEvent } from "./envelope";
import { appendToOutbox } from "./outbox";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, readStream } from "./test-fixture";

let fx: BusFixture;
let server: Started;
let port: number;
let storeDir: string;
let bus: Bus;

beforeAll(async () => {
  fx = await busFixture("bus_outage");
  port = await freePort();
  storeDir = await mkdtemp(join(tmpdir(), "mp-bus-nats-"));
  server = await startNatsServer({ port, storeDir });
  bus = await fx.connect(server.url);
  await ensureStream(bus, { name: "ORDERS", subjects: ["orders.>"] });
});

afterAll(async () => {
  await fx?.cleanup();
  await server?.stop();
  if (storeDir) await rm(storeDir, { recursive: true, force: true });
});

describe("outbox relay across a NATS outage", () => {
  it("publishes an event committed while NATS is down once NATS is back, exactly once", async () => {
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger, pollIntervalMs: 100 });
    const handled: string[] = [];
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "ORDERS",
      durable: "fulfilment",
      eventTypes: ["orders.order.placed.v1"],
      handle: async (e) => {
        handled.push(e.id);
      },
    });
    try {
      await waitFor(async () =>
        (await bus.jsm.consumers.info(bus.streamName("ORDERS"), consumer.durable)) ? true : undefined,
      );
      await server.stop();
      const event = newEvent("orders.order.placed.v1", "orders", { orderId: "o-1", totalCents: 1200 });
      await withTransaction(fx.pool, (client) => appendToOutbox(client, event));

      // The relay tried while NATS was down and kept the row.
      await waitFor(
        () => (fx.logs.some((l) => l.msg.includes("outbox relay pass failed")) ? true : undefined),
        {
          what: "a failed relay pass during the outage",
        },
      );
      expect(await sentAt(event.id)).toBeNull();

      server = await startNatsServer({ port, storeDir });
      await waitFor(async () => ((await sentAt(event.id)) ? true : undefined), {
        timeoutMs: 15_000,
        what: "the row marked sent after NATS restarted",
      });
      // The outage was no fault of the row: no attempt was counted against it.
      const { rows } = await fx.pool.query("SELECT attempts, parked_at FROM outbox WHERE event_id = $1", [
        event.id,
      ]);
      expect(rows[0]).toEqual({ attempts: 0, parked_at: null });
      const entries = await readStream(bus, "ORDERS");
      expect(entries.map((e) => e.msgId)).toEqual([event.id]);
      expect(entries[0]?.event).toEqual(event);
      expect(entries[0]?.subject).toBe(bus.subject("orders.order.placed.v1"));

      // The consumer started before the outage picks the event up too.
      await waitFor(() => (handled.length > 0 ? true : undefined), {
        timeoutMs: 15_000,
        what: "the consumer to resume after the restart",
      });
      expect(handled).toEqual([event.id]);
    } finally {
      await relay.stop();
      await consumer.stop();
    }
  });
});

async function sentAt(eventId: string): Promise<Date | null | undefined> {
  const { rows } = await fx.pool.query<{ sent_at: Date | null }>(
    "SELECT sent_at FROM outbox WHERE event_id = $1",
    [eventId],
  );
  return rows[0]?.sent_at;
}
