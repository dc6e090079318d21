import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { ensureConsumer } from "./consumer-config";
import { rebuildDurable } from "./silent-durable";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, publishRaw } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;
const timing = { ackWaitMs: 30_000, inactiveThresholdMs: 3_600_000 };

beforeAll(async () => {
  fx = await busFixture("bus_silent");
  bus = await fx.connect();
  await ensureStream(bus, { name: "SILENT", subjects: ["silent.>"] });
});
afterAll(async () => {
  await fx?.cleanup();
});

/** The messages one pull of the durable gets, acked. */
async function pullAll(durable: string): Promise<string[]> {
  const consumer = await bus.js.consumers.get(bus.streamName("SILENT"), durable);
  const batch = await consumer.fetch({ max_messages: 10, expires: 1_000 });
  const seen: string[] = [];
  for await (const msg of batch) {
    seen.push(msg.string());
    msg.ack();
  }
  return seen;
}

describe("rebuildDurable", () => {
  it("makes the durable again under its name, reading the stream from its start", async () => {
    const stream = bus.streamName("SILENT");
    const subjects = [bus.subject("silent.thing.done.v1")];
    for (const n of ["1", "2"]) await publishRaw(bus, "silent.thing.done.v1", n, `silent-${n}`);
    await ensureConsumer(bus, stream, "things", subjects, timing);
    expect(await pullAll("things")).toEqual(["1", "2"]);
    const before = await bus.jsm.consumers.info(stream, "things");

    await rebuildDurable(bus, stream, "things", subjects, timing);
    const after = await bus.jsm.consumers.info(stream, "things");
    expect(after.created).not.toEqual(before.created);
    expect(after.config.ack_wait).toBe(before.config.ack_wait);
    // A new durable: what was acked comes again (the inbox makes it a no-op in a service).
    expect(await pullAll("things")).toEqual(["1", "2"]);
    // The consumer's own set-up still accepts it.
    await ensureConsumer(bus, stream, "things", subjects, timing);
  });

  it("makes a durable that is already gone", async () => {
    const stream = bus.streamName("SILENT");
    await rebuildDurable(bus, stream, "never-made", [bus.subject("silent.thing.done.v1")], timing);
    expect((await bus.jsm.consumers.info(stream, "never-made")).name).toBe("never-made");
  });
});
