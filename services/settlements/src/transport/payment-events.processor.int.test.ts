import { createPool, type Pool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { freshInfra, type TestInfra } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProcessedBatch } from "../application/process-payment-events";
import { startPaymentEventProcessor } from "./payment-events.processor";

// The processor loop's pacing, with its LISTEN connection on real PostgreSQL: full batches follow each
// other at once, unless the intake is busy; then one pass per interval, until it calms down.

const BATCH = 10;

/** A pass that claimed a full batch; it yields to the event loop as a real pass's queries do. */
const fullPass = async (): Promise<ProcessedBatch> => {
  await new Promise((resolve) => setImmediate(resolve));
  return { processed: BATCH, emitted: 0, unprocessable: [] };
};

describe("payment event processor pacing (real PostgreSQL)", () => {
  let infra: TestInfra;
  let pool: Pool;
  beforeAll(async () => {
    infra = await freshInfra("processor_pacing");
    pool = createPool({ url: infra.databaseUrl, schema: "settlements", max: 2, logger: testLogger() });
  });
  afterAll(async () => {
    await pool?.end();
    await infra?.cleanup();
  });

  /** Runs the loop for `ms` with every pass claiming a full batch; the passes' start times. */
  async function passesOver(ms: number, busy: () => boolean): Promise<number[]> {
    const starts: number[] = [];
    const pass = (): Promise<ProcessedBatch> => {
      starts.push(performance.now());
      return fullPass();
    };
    const processor = startPaymentEventProcessor(pass, {
      pool,
      logger: testLogger(),
      pollIntervalMs: 1_000,
      batchSize: BATCH,
      busy,
      busyIntervalMs: 150,
    });
    await new Promise((resolve) => setTimeout(resolve, ms));
    await processor.stop();
    return starts;
  }

  it("follows a full batch with the next pass at once while the intake is quiet", async () => {
    expect((await passesOver(300, () => false)).length).toBeGreaterThan(20);
  });

  it("makes one pass per interval while the intake is busy, full batches or not", async () => {
    const starts = await passesOver(700, () => true);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(145);
  });

  it("cuts the pause short once the intake is no longer busy", async () => {
    const starts: number[] = [];
    const pass = (): Promise<ProcessedBatch> => {
      starts.push(performance.now());
      return fullPass();
    };
    const calmAt = performance.now() + 200;
    const processor = startPaymentEventProcessor(pass, {
      pool,
      logger: testLogger(),
      pollIntervalMs: 1_000,
      batchSize: BATCH,
      busy: () => performance.now() < calmAt,
      busyIntervalMs: 10_000,
      busyCheckMs: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await processor.stop();
    // One pass while busy, then (long before the 10 s pause would end) full batches back to back again.
    expect(starts.length).toBeGreaterThan(2);
    expect((starts[1] as number) - calmAt).toBeLessThan(1_000);
  });

  it("stops at once during a pause", async () => {
    const started = performance.now();
    const processor = startPaymentEventProcessor(fullPass, {
      pool,
      logger: testLogger(),
      pollIntervalMs: 1_000,
      batchSize: BATCH,
      busy: () => true,
      busyIntervalMs: 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await processor.stop();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
