import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import { ConflictError, NotFoundError, UpstreamUnavailableError, ValidationError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { ItemRelease } from "../domain/item-release";
import type {
  IotAdapterPort,
  IotReleaseInfo,
  ItemReleaseRepository,
  ReleaseItem,
  ReleaseItemReader,
} from "./release-ports";
import { makeRetryReleaseCopies } from "./retry-release-copies";
import { makeSelectRelease } from "./select-release";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ITEM: ReleaseItem = {
  id: "0193a1b2-0000-7000-8000-0000000000c1",
  organisationId: ORG,
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000e1",
  infuseIotApplicationId: 7,
  status: "draft",
};
const IOT_RELEASE: IotReleaseInfo = {
  releaseId: "rel-1",
  applicationId: 7,
  version: "1.0.0+00000001",
  board: { id: "b", name: "B", target: "t" },
  sizeBytes: 10,
  crc32: 1,
  createdAt: "2026-11-01T00:00:00.000Z",
};
const now = new Date("2026-11-22T10:00:00.000Z");

const ctx = (roles: ("developer" | "provider")[] = ["developer"]): CallContext => ({
  principal: { subject: "u1", organisationId: ORG, roles, via: "jwt" },
  requestId: "r1",
  signal: new AbortController().signal,
  logger: testLogger(),
});

/** Hand-written fakes recording what committed, what was asked of the adapter and which rows were accepted. */
function fakes(
  options: { item?: ReleaseItem; copy?: () => Promise<void>; release?: IotReleaseInfo | Error } = {},
) {
  const rows = new Map<string, ItemRelease>();
  const accepted = new Set<string>();
  const scheduled: { id: string; attempts: number }[] = [];
  const events: EventEnvelope[] = [];
  const copies: string[] = [];
  const requests: Parameters<IotAdapterPort["copyReleaseBinary"]>[0][] = [];
  const item = options.item ?? ITEM;
  const items: ReleaseItemReader = {
    findOwned: async (org, id) => (org === item.organisationId && id === item.id ? item : undefined),
    get: async () => item,
    lockStatus: async () => item.status,
    linksFor: async () => new Map(),
  };
  const releases: ItemReleaseRepository = {
    async insert(_tx, r) {
      if ([...rows.values()].some((x) => x.infuseIotReleaseId === r.infuseIotReleaseId))
        throw new ConflictError("invalid-state", "selected");
      rows.set(r.id, r);
    },
    getForUpdate: async (_tx, id) => rows.get(id),
    update: async (_tx, r) => {
      rows.set(r.id, r);
      return 2;
    },
    listForItem: async () => {
      throw new Error("unused");
    },
    markCopyRequested: async (id) => void accepted.add(id),
    claimDueCopies: async () =>
      [...rows.values()]
        .filter((r) => r.status === "preparing" && !accepted.has(r.id))
        .map((r) => ({ release: r, attempts: 2 })),
    scheduleCopyRetry: async (id, attempts) => void scheduled.push({ id, attempts }),
  };
  const iot: IotAdapterPort = {
    listApplications: async () => ({ items: [], hasMore: false }),
    listReleases: async () => ({ items: [], hasMore: false }),
    async getRelease() {
      if (options.release instanceof Error) throw options.release;
      return options.release ?? IOT_RELEASE;
    },
    async copyReleaseBinary(request) {
      copies.push(request.itemReleaseId);
      requests.push(request);
      await (options.copy ?? (async () => {}))();
    },
  };
  const unitOfWork = {
    run: <T>(work: (tx: PoolClient, emit: (e: EventEnvelope) => Promise<void>) => Promise<T>) =>
      work({} as PoolClient, async (e) => void events.push(e)),
  };
  let n = 0;
  const deps = {
    items,
    releases,
    iot,
    unitOfWork,
    clock: { now: () => now },
    ids: { next: () => `0193a1b2-0000-7000-8000-00000000010${n++}` },
  };
  return { deps, rows, accepted, scheduled, events, copies, requests };
}

describe("selectRelease", () => {
  it("records the release preparing with its added event, then has the copy accepted", async () => {
    const f = fakes();
    const release = await makeSelectRelease(f.deps)(
      { id: ITEM.id.toUpperCase(), releaseId: " rel-1 " },
      ctx(),
    );
    expect(release).toMatchObject({ status: "preparing", infuseIotReleaseId: "rel-1", itemId: ITEM.id });
    expect(f.events.map((e) => e.type)).toEqual(["publishing.item.release-added.v1"]);
    expect(f.events[0]?.data).toMatchObject({
      itemReleaseId: release.id,
      marketplaceInstanceId: ITEM.marketplaceInstanceId,
    });
    expect(f.requests).toEqual([{ applicationId: 7, releaseId: "rel-1", itemReleaseId: release.id }]);
    expect(release.objectKey).toBeNull();
    expect(f.accepted.has(release.id)).toBe(true);
  });

  it("refuses release ids that cannot be a URL path segment, before asking the adapter", async () => {
    const f = fakes();
    for (const releaseId of [".", " .. ", "rel-1/..", "../../release/x"])
      await expect(makeSelectRelease(f.deps)({ id: ITEM.id, releaseId }, ctx())).rejects.toMatchObject({
        code: "validation-failed",
        errors: { "body.releaseId": expect.any(Array) },
      });
    expect(f.rows.size).toBe(0);
    expect(f.requests).toEqual([]);
  });

  it("keeps the release preparing and unaccepted when the adapter is down, for the retry pass", async () => {
    const f = fakes({ copy: async () => Promise.reject(new UpstreamUnavailableError("down")) });
    const release = await makeSelectRelease(f.deps)({ id: ITEM.id, releaseId: "rel-1" }, ctx());
    expect(release.status).toBe("preparing");
    expect(f.rows.has(release.id)).toBe(true);
    expect(f.accepted.has(release.id)).toBe(false);
  });

  it("refuses retired items, foreign items, releases of other applications and non-developers", async () => {
    const retired = fakes({ item: { ...ITEM, status: "retired" } });
    await expect(
      makeSelectRelease(retired.deps)({ id: ITEM.id, releaseId: "rel-1" }, ctx()),
    ).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "retired" },
    });
    expect(retired.rows.size).toBe(0);
    const f = fakes();
    await expect(
      makeSelectRelease(f.deps)({ id: "0193a1b2-0000-7000-8000-0000000000ff", releaseId: "rel-1" }, ctx()),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(
      makeSelectRelease(f.deps)({ id: ITEM.id, releaseId: "rel-1" }, ctx(["provider"])),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    const foreign = fakes({ release: new NotFoundError("Release") });
    await expect(
      makeSelectRelease(foreign.deps)({ id: ITEM.id, releaseId: "x" }, ctx()),
    ).rejects.toMatchObject({
      code: "validation-failed",
      errors: { "body.releaseId": expect.any(Array) },
    });
    const otherApp = fakes({ release: { ...IOT_RELEASE, applicationId: 8 } });
    await expect(
      makeSelectRelease(otherApp.deps)({ id: ITEM.id, releaseId: "rel-1" }, ctx()),
    ).rejects.toMatchObject({
      code: "validation-failed",
    });
    expect(f.rows.size + foreign.rows.size + otherApp.rows.size).toBe(0);
  });
});

describe("retry pass", () => {
  it("asks again; a transient failure is rescheduled, a refusal fails the release with an event", async () => {
    let outcome: Error | undefined = new UpstreamUnavailableError("down");
    const f = fakes({
      copy: async () => {
        if (outcome) throw outcome;
      },
    });
    const release = await makeSelectRelease(f.deps)({ id: ITEM.id, releaseId: "rel-1" }, ctx());
    const pass = makeRetryReleaseCopies({ ...f.deps, logger: testLogger() });
    expect(await pass()).toBe(1);
    expect(f.scheduled).toEqual([{ id: release.id, attempts: 3 }]);
    expect(f.rows.get(release.id)?.status).toBe("preparing");

    outcome = new NotFoundError("Release 'rel-1' at http://10.0.0.7/release/rel-1");
    await pass();
    expect(f.rows.get(release.id)).toMatchObject({ status: "failed", failureReason: "not-found" });
    expect(f.events.map((e) => e.type)).toContain("publishing.item.release-failed.v1");
    expect(await pass()).toBe(0);
  });

  it("fails a release the adapter refuses outright with copy-refused, never with its words", async () => {
    let refusal: Error | undefined;
    const f = fakes({
      copy: async () => {
        if (refusal) throw refusal;
      },
    });
    const first = await makeSelectRelease(f.deps)({ id: ITEM.id, releaseId: "rel-1" }, ctx());
    f.accepted.delete(first.id);
    refusal = new ValidationError({ "body.itemReleaseId": ["must be a guid"] });
    await makeRetryReleaseCopies({ ...f.deps, logger: testLogger() })();
    expect(f.rows.get(first.id)).toMatchObject({ status: "failed", failureReason: "copy-refused" });
  });

  it("marks the copy accepted once the adapter takes it", async () => {
    let down = true;
    const f = fakes({
      copy: async () => {
        if (down) throw new UpstreamUnavailableError("down");
      },
    });
    const release = await makeSelectRelease(f.deps)({ id: ITEM.id, releaseId: "rel-1" }, ctx());
    down = false;
    await makeRetryReleaseCopies({ ...f.deps, logger: testLogger() })();
    expect(f.accepted.has(release.id)).toBe(true);
    expect(f.copies).toEqual([release.id, release.id]);
  });
});
