import { ConflictError, UpstreamUnavailableError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Purchase } from "../domain/purchase";
import { makeGetInstallRpc, makeInstall } from "./install";
import type { Install, InstallRepository, KnownRelease, ProviderDevice, PurchaseRepository } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const BOARD = "0193a5d0-dd00-7000-8000-0000000000b1";
const DEVICE = "0123456789abcdef";
const NOW = new Date("2026-11-28T20:00:00.000Z");
const QUEUED_AT = new Date("2026-11-28T20:00:01.000Z");
const ctx = (roles: Array<"provider" | "developer"> = ["provider"]): CallContext => ({
  principal: { subject: "u-1", organisationId: ORG.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const device: ProviderDevice = {
  deviceId: DEVICE,
  board: { id: BOARD, name: "Tracker" },
  metadata: {},
  lastSeenAt: null,
  application: null,
  lastRoute: null,
};
const purchase = (status: Purchase["status"], id = `p-${status}`) =>
  ({ id, status, livemode: true, displayName: "Bought name" }) as Purchase;
const release = (boardId: string, iotReleaseId: string | null = "rel-1") =>
  ({ boardId, releaseVersion: "1.2.0", iotApplicationId: 4097, iotReleaseId }) as KnownRelease;

function harness(
  options: {
    purchases?: Purchase[];
    releases?: KnownRelease[];
    displayName?: string | null;
    inFlight?: Partial<Install>;
    queue?: () => Promise<never>;
    boardName?: string;
  } = {},
) {
  const calls = {
    inserted: [] as Install[],
    queued: [] as unknown[][],
    recorded: [] as unknown[][],
    refused: [] as unknown[][],
    asked: [] as unknown[],
  };
  const installs = {
    insertOrInFlight: async (install: Install) => {
      calls.inserted.push(install);
      return { ...install, ...options.inFlight };
    },
    queued: async (id: string, queued: { rpcId: string }) => {
      calls.recorded.push([id, queued]);
      return { ...calls.inserted[0], rpcId: queued.rpcId } as Install;
    },
    refused: async (...args: unknown[]) => {
      calls.refused.push(args);
    },
  } as unknown as InstallRepository;
  const install = makeInstall({
    db: {} as never,
    iot: {
      get: async () => ({ ...device, board: { id: BOARD, name: options.boardName ?? "Tracker" } }),
      queueInstall: async (request: unknown, c: CallContext) => {
        calls.queued.push([request, c.requestId]);
        if (options.queue) return options.queue();
        return { rpcId: "rpc-1", status: "queued", queuedAt: QUEUED_AT };
      },
    } as never,
    purchases: {
      ofDeviceItem: async (query: unknown) => {
        calls.asked.push(query);
        return options.purchases ?? [purchase("refunded"), purchase("completed")];
      },
    } as unknown as PurchaseRepository,
    releases: {
      ofVersion: async (_db: unknown, item: string, version: string) => {
        calls.asked.push([item, version]);
        return options.releases ?? [release("0193a5d0-dd00-7000-8000-0000000000b2", "rel-2"), release(BOARD)];
      },
    } as never,
    items: {
      displayName: async () => (options.displayName === undefined ? "Item name" : options.displayName),
    } as never,
    installs,
    defaultLivemode: true,
    clock: { now: () => NOW },
    ids: { next: () => "0193a1b2-0000-7000-8000-0000000000e1" },
  });
  return { install, calls };
}

const raw = { deviceId: DEVICE.toUpperCase(), marketplaceItemId: ITEM.toUpperCase(), version: " 1.2.0 " };

describe("installing a purchased version", () => {
  it("records a queued install of the completed purchase with the release for the device's board, then queues it", async () => {
    const h = harness();
    const result = await h.install(raw, ctx());
    expect(h.calls.asked).toEqual([
      { providerOrganisationId: ORG, deviceId: DEVICE, marketplaceItemId: ITEM, livemode: true },
      [ITEM, "1.2.0"],
    ]);
    expect(h.calls.inserted).toEqual([
      {
        id: "0193a1b2-0000-7000-8000-0000000000e1",
        providerOrganisationId: ORG,
        purchaseId: "p-completed",
        livemode: true,
        deviceId: DEVICE,
        marketplaceItemId: ITEM,
        displayName: "Item name",
        version: "1.2.0",
        releaseId: "rel-1",
        rpcId: null,
        status: "queued",
        detail: null,
        attemptCount: 0,
        statusVersion: 0,
        queuedAt: NOW,
        updatedAt: NOW,
      },
    ]);
    expect(h.calls.queued).toEqual([
      [{ installId: "0193a1b2-0000-7000-8000-0000000000e1", deviceId: DEVICE, releaseId: "rel-1" }, "req-1"],
    ]);
    expect(h.calls.recorded).toEqual([
      ["0193a1b2-0000-7000-8000-0000000000e1", { rpcId: "rpc-1", status: "queued", queuedAt: QUEUED_AT }],
    ]);
    expect(result.rpcId).toBe("rpc-1");
  });

  it("names the install after the purchase when the item has no name", async () => {
    const h = harness({ displayName: null });
    await h.install(raw, ctx());
    expect(h.calls.inserted[0]?.displayName).toBe("Bought name");
  });

  it("returns an in-flight install that already has its platform update without queueing again", async () => {
    const h = harness({ inFlight: { rpcId: "rpc-0", status: "sent" } });
    expect(await h.install(raw, ctx())).toMatchObject({ rpcId: "rpc-0", status: "sent" });
    expect(h.calls.queued).toEqual([]);
  });

  it("fails the install when the platform refuses the update, and answers its refusal", async () => {
    const h = harness({
      queue: async () => {
        throw new ConflictError("invalid-state", "device busy");
      },
    });
    await expect(h.install(raw, ctx())).rejects.toMatchObject({ code: "invalid-state" });
    expect(h.calls.refused).toEqual([["0193a1b2-0000-7000-8000-0000000000e1", "device busy"]]);
  });

  it("leaves the install queued when the platform is unavailable (the next request retries)", async () => {
    const h = harness({
      queue: async () => {
        throw new UpstreamUnavailableError("iot platform");
      },
    });
    await expect(h.install(raw, ctx())).rejects.toMatchObject({ code: "upstream-unavailable" });
    expect(h.calls.refused).toEqual([]);
  });

  it("refuses without a purchase (404), without a completed one (409 with the state), before any install", async () => {
    await expect(harness({ purchases: [] }).install(raw, ctx())).rejects.toThrow("Purchase was not found");
    const refunded = harness({ purchases: [purchase("refunded"), purchase("disputed")] });
    await expect(refunded.install(raw, ctx())).rejects.toMatchObject({
      code: "purchase-not-active",
      extensions: { state: "refunded" },
    });
    expect(refunded.calls.inserted).toEqual([]);
  });

  it("refuses a version the platform does not know (404) and one built for other boards (409, naming the board)", async () => {
    await expect(harness({ releases: [] }).install(raw, ctx())).rejects.toThrow(
      "Release 1.2.0 was not found",
    );
    const other = harness({ releases: [release("0193a5d0-dd00-7000-8000-0000000000b2")] });
    await expect(other.install(raw, ctx())).rejects.toMatchObject({ code: "release-incompatible" });
    await expect(other.install(raw, ctx())).rejects.toThrow(
      "Release 1.2.0 is built for other boards than the device's (Tracker).",
    );
    const unnamed = harness({ releases: [release("0193a5d0-dd00-7000-8000-0000000000b2")], boardName: "" });
    await expect(unnamed.install(raw, ctx())).rejects.toThrow(
      `Release 1.2.0 is built for other boards than the device's (${BOARD}).`,
    );
    expect(other.calls.inserted).toEqual([]);
  });

  it("wants a version of 1 to 64 characters and providers only", async () => {
    const h = harness();
    for (const version of ["", "   ", "v".repeat(65)])
      await expect(h.install({ ...raw, version }, ctx())).rejects.toMatchObject({
        extensions: { errors: { "body.version": ["must be 1 to 64 characters"] } },
      });
    await expect(h.install({ ...raw, version: "v".repeat(64) }, ctx())).resolves.toMatchObject({
      version: "v".repeat(64),
    });
    await expect(h.install(raw, ctx(["developer"]))).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("an install's progress", () => {
  it("by rpc id (trimmed, lowercased), the caller's organisation's only", async () => {
    const asked: unknown[][] = [];
    const get = makeGetInstallRpc({
      installs: {
        byRpcId: async (org: string, rpcId: string) => {
          asked.push([org, rpcId]);
          return rpcId === "rpc-1" ? ({ id: "i-1", history: [] } as never) : undefined;
        },
      } as unknown as InstallRepository,
    });
    expect(await get(" RPC-1 ", ctx())).toEqual({ id: "i-1", history: [] });
    expect(asked).toEqual([[ORG, "rpc-1"]]);
    await expect(get("rpc-2", ctx())).rejects.toThrow("RPC was not found");
    for (const rpcId of ["", "  ", "r".repeat(129)])
      await expect(get(rpcId, ctx())).rejects.toMatchObject({
        extensions: { errors: { "path.rpcId": ["must be 1 to 128 characters"] } },
      });
    await expect(get("r".repeat(128), ctx())).rejects.toThrow("RPC was not found");
    await expect(get("rpc-1", ctx(["developer"]))).rejects.toMatchObject({ code: "forbidden" });
  });
});
