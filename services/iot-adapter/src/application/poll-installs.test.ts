import { installStatusChangedV1 } from "@mp/contracts";
import { NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { UpdateFacts } from "../domain/install-status";
import { fakeUnitOfWork } from "../testing/fakes";
import { makePollInstalls } from "./poll-installs";
import type { DevicePlatform, InstallUpdateRepository, TrackedInstall } from "./ports";

const NOW = new Date("2026-11-23T12:00:00.000Z");

const tracked = (over: Partial<TrackedInstall> = {}): TrackedInstall => ({
  installId: "0193a1b2-0000-7000-8000-0000000000e1",
  organisationId: "0193a1b2-0000-7000-8000-0000000000d1",
  deviceId: "00112233445566aa",
  releaseId: "rel-1",
  updateId: "5b0c2a1e-0000-4000-8000-000000000001",
  status: "queued",
  detail: null,
  attemptCount: 1,
  version: 1,
  failures: 0,
  queuedAt: NOW,
  ...over,
});

function setup(due: TrackedInstall[], answer: () => Promise<UpdateFacts>) {
  const log: string[] = [];
  const installs: InstallUpdateRepository = {
    get: async () => undefined,
    insert: async () => undefined,
    claimDue: async (limit) => due.slice(0, limit),
    advance: async (_tx, id, from, state, next) => {
      log.push(`advance ${id} v${from} ${state.status} ${state.detail} +${next.getTime() - NOW.getTime()}`);
      return true;
    },
    reschedule: async (id, failures, next) => {
      log.push(`reschedule ${id} failures=${failures} +${next.getTime() - NOW.getTime()}`);
    },
  };
  const platform: DevicePlatform = {
    listDevices: async () => ({ items: [], hasMore: false }),
    getDevice: async () => null,
    queueUpdate: async () => ({ kind: "current" }),
    getUpdate: answer,
  };
  const { uow, events } = fakeUnitOfWork();
  const poll = makePollInstalls({
    platform,
    installs,
    unitOfWork: uow,
    clock: { now: () => NOW },
    logger: testLogger(),
    pollMs: 500,
    batch: 10,
  });
  return { poll, log, events };
}

describe("one install poll round", () => {
  it("moves a changed update on and publishes the next version", async () => {
    const s = setup([tracked()], async () => ({
      status: "pending",
      attemptCount: 1,
      message: { status: "sent" },
    }));
    expect(await s.poll()).toBe(1);
    expect(s.log).toEqual(["advance 0193a1b2-0000-7000-8000-0000000000e1 v1 sent null +500"]);
    expect(s.events.map((e) => [e.type, installStatusChangedV1.data.parse(e.data).version])).toEqual([
      [installStatusChangedV1.type, 2],
    ]);
    expect(installStatusChangedV1.data.parse(s.events[0]!.data)).toMatchObject({
      status: "sent",
      rpcId: "5b0c2a1e-0000-4000-8000-000000000001",
    });
  });

  it("publishes nothing when nothing a consumer sees changed", async () => {
    const s = setup([tracked({ status: "sent" })], async () => ({
      status: "pending",
      attemptCount: 1,
      message: { status: "completed" },
    }));
    await s.poll();
    expect(s.events).toEqual([]);
    expect(s.log).toEqual(["reschedule 0193a1b2-0000-7000-8000-0000000000e1 failures=0 +500"]);
  });

  it("backs off on a platform error and fails an update the platform no longer knows", async () => {
    const down = setup([tracked({ failures: 2 })], async () => {
      throw new UpstreamUnavailableError("down");
    });
    await down.poll();
    expect(down.log).toEqual(["reschedule 0193a1b2-0000-7000-8000-0000000000e1 failures=3 +4000"]);
    expect(down.events).toEqual([]);
    const gone = setup([tracked()], async () => {
      throw new NotFoundError("Application update");
    });
    await gone.poll();
    expect(gone.log[0]).toMatch(/^advance .* v1 failed The IoT platform no longer knows the update\./);
    expect(gone.events).toHaveLength(1);
  });
});
