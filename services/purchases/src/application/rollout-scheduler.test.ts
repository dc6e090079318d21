import type { Pool } from "@mp/db";
import { AppError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { InstallRepository } from "./ports";
import type { ClaimedInstall, Rollout, RolloutRepository } from "./rollout-ports";
import { makeRolloutScheduler } from "./rollout-scheduler";

/** A pool whose transactions do nothing: the repositories below are fakes that never touch it. */
const pool = {
  connect: async () => ({
    query: async () => ({ rows: [], rowCount: 0 }),
    on() {},
    off() {},
    release() {},
  }),
} as unknown as Pool;

const rollout = {
  id: "r1",
  status: "running",
  currentWave: 1,
  waveCount: 1,
  maxInFlight: 100,
  failureThresholdPercent: 100,
  failedAtResume: 0,
  succeededAtResume: 0,
} as Rollout;

const claimed = (n: number): ClaimedInstall => ({
  rolloutId: rollout.id,
  organisationId: "o1",
  installId: `i${n}`,
  deviceId: `d${n}`,
  releaseId: "rel1",
  rpcId: null,
});

describe("advance", () => {
  it("reports a claiming error, not the error of an install it had queued before", async () => {
    let locks = 0;
    let refusals = 0;
    const rollouts = {
      async lock() {
        if (++locks > 1) throw new Error("claiming failed");
        return { ...rollout };
      },
      counts: async () => ({ queued: 4, inProgress: 0, succeeded: 0, failed: 0, cancelled: 0 }),
      openInWave: async () => 4,
      // A full batch, so `advance` goes on to claim the next one.
      claim: async (_tx: unknown, _r: unknown, _wave: number, limit: number) => ({
        started: Array.from({ length: limit }, (_, i) => claimed(i)),
        refused: [],
      }),
      update: async () => undefined,
      appendEvents: async () => undefined,
    } as unknown as RolloutRepository;
    const installs = {
      refused: async () => {
        refusals++;
        throw new Error("recording the refusal failed");
      },
    } as unknown as InstallRepository;
    const scheduler = makeRolloutScheduler({
      pool,
      rollouts,
      installs,
      iot: {
        queueInstallFor: async () => {
          throw new AppError("invalid-state", "another update is pending");
        },
      },
      emit: async () => undefined,
      clock: { now: () => new Date(0) },
      ids: { next: () => "id" },
      logger: testLogger(),
      queueConcurrency: 1,
      requeueAfterMs: 60_000,
      nudge: () => undefined,
    });
    await expect(scheduler.advance(rollout.id)).rejects.toThrow("claiming failed");
    expect(locks).toBe(2);
    // Every install of the first batch was still queued before the error reached the caller.
    expect(refusals).toBe(4);
  });
});
