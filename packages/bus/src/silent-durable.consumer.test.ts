import type { Pool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { JetStreamError } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { SILENT_PULLS_BEFORE_REBUILD } from "./silent-durable";

/**
 * A bus whose server answers the durable's API (it exists) but none of its pulls: every fetch ends in
 * missed heartbeats, as the durable seen stuck in CI did. Records pulls and deletions in order.
 */
function silentBus() {
  const calls: string[] = [];
  const bus = {
    service: "test",
    namespace: "",
    settings: { ackWaitMs: 30_000, inactiveThresholdMs: 3_600_000 },
    nc: { info: { version: "2.9.10" } },
    subject: (type: string) => type,
    streamName: (name: string) => name,
    jsm: {
      consumers: {
        add: async () => {
          calls.push("add");
          return {};
        },
        update: async () => ({}),
        delete: async () => {
          calls.push("delete");
          return true;
        },
      },
    },
    js: {
      consumers: {
        get: async () => ({
          fetch: async () => {
            calls.push("pull");
            throw new JetStreamError("heartbeats missed");
          },
        }),
      },
    },
  };
  return { bus: bus as unknown as Bus, calls };
}

describe("a consumer whose durable answers no pull", () => {
  it(`rebuilds the durable after ${SILENT_PULLS_BEFORE_REBUILD} silent pulls in a row, not before`, async () => {
    const { bus, calls } = silentBus();
    const consumer = startConsumer({
      bus,
      pool: {} as Pool,
      logger: testLogger(),
      stream: "PUBLISHING",
      durable: "items",
      eventTypes: ["publishing.item.published.v1"],
      handle: async () => {},
    });
    try {
      const deadline = Date.now() + 60_000;
      while (!calls.includes("delete") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await consumer.stop();
    }
    const firstDelete = calls.indexOf("delete");
    expect(firstDelete).toBeGreaterThan(0);
    expect(calls.slice(0, firstDelete).filter((c) => c === "pull")).toHaveLength(SILENT_PULLS_BEFORE_REBUILD);
    // made again right after it was deleted
    expect(calls[firstDelete + 1]).toBe("add");
  });
});
