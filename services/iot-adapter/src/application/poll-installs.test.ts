import { installStatusChangedV1 } from "@mp/contracts";
import { NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PendingUpdate } from "../domain/install-follow";
import type { UpdateFacts } from "../domain/install-status";
import { fakeUnitOfWork } from "../testing/fakes";
import { makePollInstalls } from "./poll-installs";
import type { ClaimedInstall, DevicePlatform, InstallUpdateRepository } from "./ports";

const NOW = new Date("2026-11-23T12:00:00.000Z");
const LEASE = new Date(NOW.getTime() + 8_000);

const hex = (n: number) => n.toString(16).padStart(12, "0");
const tracked = (n = 1, over: Partial<ClaimedInstall> = {}): ClaimedInstall => ({
  installId: `0193a1b2-0000-7000-8000-${hex(n)}`,
  organisationId: "0193a1b2-0000-7000-8000-0000000000d1",
  deviceId: `0011${hex(n)}`,
  releaseId: "rel-1",
  updateId: `5b0c2a1e-0000-4000-8000-${hex(n)}`,
  status: "queued",
  detail: null,
  attemptCount: 1,
  version: 1,
  failures: 0,
  queuedAt: NOW,
  leaseUntil: LEASE,
  ...over,
});

const SENT: UpdateFacts = { status: "pending", attemptCount: 1, message: { status: "sent" } };

/**
 * A round over fakes: `due` are the leased rows; `pendingOf` answers the bulk query per device (undefined:
 * left out); `read` answers single reads. `log` records every repository write and platform call.
 */
function setup(opts: {
  due: ClaimedInstall[];
  pendingOf?: (install: ClaimedInstall) => (UpdateFacts & { updateId?: string }) | undefined;
  read?: (install: ClaimedInstall, signal?: AbortSignal) => Promise<UpdateFacts>;
  bulk?: (deviceIds: readonly string[], signal?: AbortSignal) => Promise<void>;
  chunk?: number;
  /** Runs before each renewal answers (to make it slow, or fail). */
  renew?: () => Promise<void>;
  /** Install ids a renewal finds taken over. */
  takenOver?: Set<string>;
}) {
  const log: string[] = [];
  const calls = { bulk: [] as string[][], reads: [] as string[] };
  const byDevice = new Map(opts.due.map((i) => [i.deviceId.toLowerCase(), i]));
  const short = (id: string) => id.slice(-2);
  const installs: InstallUpdateRepository = {
    get: async () => undefined,
    insert: async () => undefined,
    claimDue: async (limit) => opts.due.slice(0, limit),
    followed: async () => ({ followed: opts.due.length, dueInMs: 0 }),
    advance: async (_tx, id, from, state, next) => {
      log.push(
        `advance ${short(id)} v${from} ${state.status} ${state.detail} +${next.getTime() - NOW.getTime()}`,
      );
      return true;
    },
    reschedule: async (id, failures, next, lease) => {
      log.push(
        `reschedule ${short(id)} failures=${failures} +${next.getTime() - NOW.getTime()} lease=${lease?.getTime() === LEASE.getTime() ? "first" : "renewed"}`,
      );
    },
    rescheduleMany: async (ids, next) => {
      if (ids.length)
        log.push(`rescheduleMany ${ids.map(short).join(",")} +${next.getTime() - NOW.getTime()}`);
    },
    renewLease: async (ids, _lease, leaseMs) => {
      try {
        await opts.renew?.();
      } catch (error) {
        log.push("renew failed");
        throw error;
      }
      const kept = ids.filter((id) => !opts.takenOver?.has(id));
      log.push(`renew ${kept.map(short).join(",")}`);
      return { installIds: kept, leaseUntil: new Date(LEASE.getTime() + leaseMs) };
    },
  };
  const platform: DevicePlatform = {
    listDevices: async () => ({ items: [], hasMore: false }),
    getDevice: async () => null,
    queueUpdate: async () => ({ kind: "current" }),
    getUpdate: async (deviceId, updateId, signal) => {
      calls.reads.push(updateId);
      const install = byDevice.get(deviceId.toLowerCase())!;
      return (opts.read ?? (async () => ({ status: "success", attemptCount: 1 })))(install, signal);
    },
    pendingUpdates: async (deviceIds, signal) => {
      calls.bulk.push([...deviceIds]);
      await opts.bulk?.(deviceIds, signal);
      const answer = new Map<string, PendingUpdate>();
      for (const deviceId of deviceIds) {
        const install = byDevice.get(deviceId)!;
        const facts = opts.pendingOf?.(install);
        if (facts) answer.set(deviceId, { updateId: install.updateId!, ...facts });
      }
      return answer;
    },
  };
  const { uow, events } = fakeUnitOfWork();
  const poll = makePollInstalls({
    platform,
    installs,
    unitOfWork: uow,
    clock: { now: () => NOW },
    logger: testLogger(),
    pollMs: 500,
    batch: 1_000,
    chunk: opts.chunk ?? 100,
    leaseMs: 8_000,
    renewBeforeMs: 2_000,
    // Under vi.useFakeTimers, Date.now() moves with the fake timers.
    monotonicMs: () => Date.now(),
  });
  return { poll, log, events, calls };
}

describe("one install poll round", () => {
  it("moves a pending update on from the bulk answer alone and publishes the next version", async () => {
    const s = setup({ due: [tracked()], pendingOf: () => SENT });
    expect(await s.poll()).toBe(1);
    expect(s.calls).toEqual({ bulk: [["0011000000000001"]], reads: [] });
    expect(s.log).toEqual(["advance 01 v1 sent null +500"]);
    expect(s.events.map((e) => [e.type, installStatusChangedV1.data.parse(e.data).version])).toEqual([
      [installStatusChangedV1.type, 2],
    ]);
    expect(installStatusChangedV1.data.parse(s.events[0]!.data)).toMatchObject({
      status: "sent",
      rpcId: "5b0c2a1e-0000-4000-8000-000000000001",
    });
  });

  it("publishes nothing when nothing a consumer sees changed, rescheduling those rows together", async () => {
    const s = setup({
      due: [tracked(1, { status: "sent" }), tracked(2, { status: "sent" })],
      pendingOf: () => ({ status: "pending", attemptCount: 1, message: { status: "completed" } }),
    });
    await s.poll();
    expect(s.events).toEqual([]);
    expect(s.log).toEqual(["rescheduleMany 01,02 +500"]);
  });

  it("costs one bulk query per chunk of devices plus one read per update no longer pending", async () => {
    const due = Array.from({ length: 250 }, (_, i) => tracked(i + 1));
    const ended = new Set([3, 100, 250].map((n) => tracked(n).installId));
    const s = setup({
      due,
      pendingOf: (i) => (ended.has(i.installId) ? undefined : { status: "pending", attemptCount: 1 }),
      read: async (i) => ({ status: i.installId.endsWith("64") ? "failed" : "success", attemptCount: 1 }),
    });
    await s.poll();
    expect(s.calls.bulk.map((ids) => ids.length)).toEqual([100, 100, 50]);
    expect(new Set(s.calls.bulk.flat()).size).toBe(250);
    expect(s.calls.reads.sort()).toEqual([3, 100, 250].map((n) => tracked(n).updateId).sort());
    expect(s.events.map((e) => installStatusChangedV1.data.parse(e.data).status).sort()).toEqual([
      "failed",
      "succeeded",
      "succeeded",
    ]);
    // The 247 still queued are rescheduled in one write.
    expect(s.log.filter((l) => l.startsWith("rescheduleMany"))).toHaveLength(1);
  });

  it("reads an update by itself when its device is left out or shows another update pending", async () => {
    const cancelled = async (): Promise<UpdateFacts> => ({ status: "cancelled", attemptCount: 1 });
    const leftOut = setup({ due: [tracked()], read: cancelled });
    await leftOut.poll();
    expect(leftOut.calls.reads).toEqual([tracked().updateId]);
    expect(leftOut.log).toEqual(["advance 01 v1 cancelled null +500"]);
    const replaced = setup({
      due: [tracked()],
      pendingOf: () => ({ ...SENT, updateId: "5b0c2a1e-0000-4000-8000-0000000000ff" }),
      read: cancelled,
    });
    await replaced.poll();
    expect(replaced.calls.reads).toEqual([tracked().updateId]);
    expect(replaced.log).toEqual(["advance 01 v1 cancelled null +500"]);
  });

  it("backs a failed bulk query's installs off, each by its own failure count", async () => {
    const s = setup({
      due: [tracked(1, { failures: 2 }), tracked(2)],
      bulk: async () => {
        throw new UpstreamUnavailableError("down");
      },
    });
    await s.poll();
    expect(s.calls.reads).toEqual([]);
    expect(s.log).toEqual([
      "reschedule 01 failures=3 +4000 lease=first",
      "reschedule 02 failures=1 +1000 lease=first",
    ]);
    expect(s.events).toEqual([]);
  });

  it("backs off a failed read and fails an update the platform no longer knows", async () => {
    const down = setup({
      due: [tracked(1, { failures: 2 })],
      read: async () => {
        throw new UpstreamUnavailableError("down");
      },
    });
    await down.poll();
    expect(down.log).toEqual(["reschedule 01 failures=3 +4000 lease=first"]);
    expect(down.events).toEqual([]);
    const gone = setup({
      due: [tracked()],
      read: async () => {
        throw new NotFoundError("Application update");
      },
    });
    await gone.poll();
    expect(gone.log[0]).toMatch(/^advance 01 v1 failed The IoT platform no longer knows the update\./);
    expect(gone.events).toHaveLength(1);
  });

  it("renews the lease on a timer through long calls, dropping rows another round took over", async () => {
    vi.useFakeTimers();
    const due = Array.from({ length: 3 }, (_, i) => tracked(i + 1));
    // An 8 s lease renewed with 2 s left; each bulk query takes 7 s.
    const s = setup({
      due,
      chunk: 1,
      bulk: () => sleep(7_000),
      pendingOf: () => SENT,
      takenOver: new Set([tracked(3).installId]),
    });
    const round = s.poll();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await round).toBe(3);
    // 6 s: renewed during query 1, device 3 lost; 12 s: renewed during query 2; device 3 never queried.
    expect(s.calls.bulk).toEqual([["0011000000000001"], ["0011000000000002"]]);
    expect(s.log).toEqual([
      "renew 01,02",
      "advance 01 v1 sent null +500",
      "renew 02",
      "advance 02 v1 sent null +500",
    ]);
  });

  it("makes a write under the lease wait for a renewal under way, then uses the new token", async () => {
    vi.useFakeTimers();
    // The renewal starts at 6 s and takes 1 s; the bulk query fails at 6.5 s, in the middle of it.
    const s = setup({
      due: [tracked(1)],
      renew: () => sleep(1_000),
      bulk: async () => {
        await sleep(6_500);
        throw new UpstreamUnavailableError("down");
      },
    });
    const round = s.poll();
    await vi.advanceTimersByTimeAsync(10_000);
    await round;
    expect(s.log).toEqual(["renew 01", "reschedule 01 failures=1 +1000 lease=renewed"]);
  });

  it("cuts calls off when the lease cannot be renewed, giving their rows back due at once", async () => {
    vi.useFakeTimers();
    const s = setup({
      due: [tracked(1)],
      renew: async () => {
        throw new Error("connection refused");
      },
      // Waits for a token until the lease's signal aborts it.
      bulk: untilAborted,
    });
    let ended = false;
    const round = s.poll().finally(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(7_900);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(ended).toBe(true);
    await round;
    // Retried every 0.5 s from 6 s on; the row goes back due, not counted as a failure.
    expect(s.log.filter((l) => l === "renew failed").length).toBeGreaterThanOrEqual(4);
    expect(s.log.at(-1)).toBe("rescheduleMany 01 +0");
  });

  it("cuts calls off as soon as a renewal finds every row taken over", async () => {
    vi.useFakeTimers();
    const s = setup({
      due: [tracked(1)],
      takenOver: new Set([tracked(1).installId]),
      bulk: untilAborted,
    });
    let ended = false;
    const round = s.poll().finally(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(ended).toBe(true);
    await round;
    expect(s.log).toEqual(["renew "]);
  });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A platform call that answers nothing until its signal aborts it. */
const untilAborted = (_ids: readonly string[], signal?: AbortSignal) =>
  new Promise<void>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));

afterEach(() => {
  vi.useRealTimers();
});
