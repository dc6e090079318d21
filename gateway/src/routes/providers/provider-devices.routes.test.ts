import { describe, expect, it } from "vitest";
import type { PurchasesClient } from "../../clients";
import { fakeCatalogue, fakeClients, fakeUpstream, ORG_A, useTestApp } from "../../testing/test-kit";

const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const DEVICE = "0123456789abcdef";
const install = {
  installId: "0193a1b2-0000-7000-8000-0000000000e1",
  rpcId: "5b0c2a1e-0000-4000-8000-000000000001",
  deviceId: DEVICE,
  marketplaceItemId: ITEM,
  version: "1.2.0+00000009",
  status: "queued",
  queuedAt: "2026-11-23T11:00:00+01:00",
};
const board = { id: "0193a5d0-b0a0-7000-8000-0000000000b1", name: "infuse_tracker_v2" };

const purchases = fakeUpstream<PurchasesClient>((method) => {
  switch (method) {
    case "listDevices":
      return {
        items: [
          { deviceId: DEVICE, board, metadata: { Site: "Rotterdam" }, lastSeenAt: "", purchaseCount: 2 },
          {
            deviceId: "00000000000000aa",
            board,
            metadata: {},
            lastSeenAt: "2026-11-23T10:00:00Z",
            application: { applicationId: 4097, version: "1.1.0+00000004" },
            purchaseCount: 0,
          },
        ],
        limit: 50,
        offset: 0,
        hasMore: false,
      };
    case "listPurchaseReleases":
      return {
        items: [
          {
            version: "1.2.0+00000009",
            releaseId: "r1",
            board: { ...board, target: "t" },
            compatibility: "incompatible",
            reason: "board-mismatch",
            createdAt: "2026-11-01T00:00:00Z",
          },
          {
            version: "1.1.0+00000004",
            releaseId: "r2",
            board: { ...board, target: "t" },
            compatibility: "installed",
            reason: "",
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
        page: 1,
        pageSize: 20,
        totalCount: 2,
        totalPages: 1,
      };
    case "install":
      return install;
    default:
      return {
        rpcId: install.rpcId,
        installId: install.installId,
        deviceId: DEVICE,
        marketplaceItemId: ITEM,
        version: install.version,
        status: "failed",
        detail: "dfu failed (-5)",
        attemptCount: 2,
        updatedAt: "2026-11-23T12:00:00Z",
        history: [
          { status: "queued", at: "2026-11-23T11:00:00Z" },
          { status: "failed", at: "2026-11-23T12:00:00Z" },
        ],
      };
  }
});

const send = async (method: "GET" | "POST", url: string, body?: unknown, role = "provider" as const) =>
  gateway.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token([role])}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(() => ({})).client, {}, { purchases: purchases.client }),
});

describe("provider device routes", () => {
  it("lists devices: no application is null, never seen is null, for the caller's principal", async () => {
    const response = await send("GET", "/marketplace/providers/devices?limit=50");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          deviceId: DEVICE,
          board,
          metadata: { Site: "Rotterdam" },
          lastSeenAt: null,
          application: null,
          purchaseCount: 2,
        },
        {
          deviceId: "00000000000000aa",
          board,
          metadata: {},
          lastSeenAt: "2026-11-23T10:00:00.000Z",
          application: { applicationId: 4097, version: "1.1.0+00000004" },
          purchaseCount: 0,
        },
      ],
      limit: 50,
      offset: 0,
      hasMore: false,
    });
    expect(purchases.calls.at(-1)?.ctx).toMatchObject({ principal: { organisationId: ORG_A } });
  });

  it("lists a purchase's releases: a reason only when there is one", async () => {
    const response = await send("GET", `/marketplace/providers/devices/${DEVICE}/purchases/${ITEM}/releases`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items[0]).toMatchObject({ compatibility: "incompatible", reason: "board-mismatch" });
    expect(items[1]).not.toHaveProperty("reason");
  });

  it("installs with a strict body and reads the RPC status", async () => {
    const response = await send(
      "POST",
      `/marketplace/providers/devices/${DEVICE}/purchases/${ITEM}/install`,
      {
        version: install.version,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...install, queuedAt: "2026-11-23T10:00:00.000Z" });
    expect(purchases.calls.at(-1)?.request).toEqual({
      deviceId: DEVICE,
      marketplaceItemId: ITEM,
      version: install.version,
    });
    const extra = await send("POST", `/marketplace/providers/devices/${DEVICE}/purchases/${ITEM}/install`, {
      version: install.version,
      releaseId: "sneaky",
    });
    expect(extra.statusCode).toBe(400);
    const rpc = await send("GET", `/marketplace/providers/rpc/${install.rpcId}`);
    expect(rpc.statusCode).toBe(200);
    expect(rpc.json()).toMatchObject({ status: "failed", detail: "dfu failed (-5)", attemptCount: 2 });
    expect(rpc.json().history.map((h: { status: string }) => h.status)).toEqual(["queued", "failed"]);
  });

  it("needs the provider role", async () => {
    const response = await gateway.app.inject({
      method: "GET",
      url: "/marketplace/providers/devices",
      headers: { authorization: `Bearer ${await gateway.keys.token(["developer"])}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
