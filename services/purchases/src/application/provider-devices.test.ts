import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Purchase } from "../domain/purchase";
import type { Install, KnownRelease, ProviderDevice, PurchaseRepository } from "./ports";
import {
  makeGetDeviceDetails,
  makeListDevices,
  makeListPurchaseReleases,
  parseDeviceId,
  parseItemId,
  RECENT_INSTALLS,
} from "./provider-devices";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const BOARD = "0193a5d0-dd00-7000-8000-0000000000b1";
const ctx = (roles: Array<"provider" | "developer"> = ["provider"]): CallContext => ({
  principal: { subject: "u-1", organisationId: ORG.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const device = (deviceId: string): ProviderDevice => ({
  deviceId,
  board: { id: BOARD, name: "Tracker" },
  metadata: {},
  lastSeenAt: null,
  application: { applicationId: 4097, version: "1.2.0" },
  lastRoute: null,
});
const purchase = { id: "p-1", status: "refunded" } as Purchase;

describe("path ids", () => {
  it("a device id is 16 hex characters, lowercased; an item id a guid, lowercased", () => {
    expect(parseDeviceId("0123456789ABCDEF")).toBe("0123456789abcdef");
    for (const raw of ["0123456789abcde", "0123456789abcdef0", "g123456789abcdef", " 0123456789abcdef"])
      expect(() => parseDeviceId(raw)).toThrow(
        expect.objectContaining({
          extensions: { errors: { "path.deviceId": ["must be 16 hex characters"] } },
        }),
      );
    expect(parseItemId(ITEM.toUpperCase())).toBe(ITEM);
    expect(() => parseItemId("item")).toThrow(
      expect.objectContaining({ extensions: { errors: { "path.marketplaceItemId": ["must be a guid"] } } }),
    );
  });
});

describe("the provider's devices", () => {
  it("lists the iot-adapter's page (default 50) with each device's purchase count in the default mode", async () => {
    const windows: unknown[] = [];
    const counted: unknown[][] = [];
    const list = makeListDevices({
      iot: {
        list: async (window: unknown) => {
          windows.push(window);
          return { items: [device("00000000000000a1"), device("00000000000000a2")], hasMore: true };
        },
      } as never,
      purchases: {
        countsByDevice: async (...args: unknown[]) => {
          counted.push(args);
          return new Map([["00000000000000a1", 3]]);
        },
      } as unknown as PurchaseRepository,
      defaultLivemode: true,
    });
    const page = await list({ limit: 0, offset: 10 }, ctx());
    expect(windows).toEqual([{ limit: 50, offset: 10 }]);
    expect(counted).toEqual([[ORG, ["00000000000000a1", "00000000000000a2"], true]]);
    expect(page).toEqual({
      items: [
        { ...device("00000000000000a1"), purchaseCount: 3 },
        { ...device("00000000000000a2"), purchaseCount: 0 },
      ],
      hasMore: true,
      limit: 50,
      offset: 10,
    });
    await expect(list({ limit: 0, offset: 0 }, ctx(["developer"]))).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("a device's details: its purchases and its 20 recent installs; 404 without a purchase", async () => {
    const asked: unknown[][] = [];
    let purchases: Purchase[] = [purchase];
    const details = makeGetDeviceDetails({
      iot: { get: async () => device("0123456789abcdef") } as never,
      purchases: {
        ofDevice: async (...args: unknown[]) => {
          asked.push(args);
          return purchases;
        },
      } as unknown as PurchaseRepository,
      defaultLivemode: false,
      installs: {
        recentOfDevice: async (org: string, deviceId: string, limit: number) => {
          asked.push([org, deviceId, limit]);
          return [] as Install[];
        },
      },
    });
    expect(await details("0123456789ABCDEF", ctx())).toEqual({
      device: device("0123456789abcdef"),
      purchases: [purchase],
      installs: [],
    });
    expect(RECENT_INSTALLS).toBe(20);
    expect(asked).toEqual([
      [ORG, "0123456789abcdef", false],
      [ORG, "0123456789abcdef", 20],
    ]);
    purchases = [];
    await expect(details("0123456789abcdef", ctx())).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("a purchased item's releases", () => {
  const release = (boardId: string, iotReleaseId: string | null = "rel"): KnownRelease =>
    ({
      id: `r-${boardId}`,
      boardId,
      releaseVersion: "1.2.0",
      iotApplicationId: 4097,
      iotReleaseId,
    }) as KnownRelease;

  function harness(purchases: Purchase[], foreign = false) {
    const asked: unknown[] = [];
    const list = makeListPurchaseReleases({
      db: {} as never,
      iot: {
        get: async () => {
          if (foreign) throw new NotFoundError("Device");
          return device("0123456789abcdef");
        },
      } as never,
      purchases: {
        ofDeviceItem: async (query: unknown) => {
          asked.push(query);
          return purchases;
        },
      } as unknown as PurchaseRepository,
      releases: {
        ofItem: async (_db: unknown, item: string, query: unknown) => {
          asked.push([item, query]);
          return {
            items: [release(BOARD), release("0193a5d0-dd00-7000-8000-0000000000b2"), release(BOARD, null)],
            page: 1,
            pageSize: 20,
            totalCount: 3,
            totalPages: 1,
          };
        },
      } as never,
      defaultLivemode: true,
    });
    return { list, asked };
  }
  const raw = {
    page: 0,
    pageSize: 0,
    orderBy: "",
    direction: "",
    deviceId: "0123456789ABCDEF",
    marketplaceItemId: ITEM,
  };

  it("each with its compatibility with the device's board and application", async () => {
    const h = harness([purchase]);
    const page = await h.list({ ...raw, orderBy: "version" }, ctx());
    expect(page.items.map(({ compatibility, reason }) => [compatibility, reason])).toEqual([
      ["installed", undefined],
      ["incompatible", "board-mismatch"],
      ["unknown", "release-not-on-platform"],
    ]);
    expect(page.totalCount).toBe(3);
    expect(h.asked).toEqual([
      { providerOrganisationId: ORG, deviceId: "0123456789abcdef", marketplaceItemId: ITEM, livemode: true },
      [ITEM, { page: 1, pageSize: 20, orderBy: "version", direction: "desc" }],
    ]);
  });

  it("404 for a device without a purchase of the item, or another organisation's device", async () => {
    await expect(harness([]).list(raw, ctx())).rejects.toThrow("Purchase was not found");
    await expect(harness([purchase], true).list(raw, ctx())).rejects.toMatchObject({ code: "not-found" });
    await expect(harness([purchase]).list({ ...raw, orderBy: "size" }, ctx())).rejects.toMatchObject({
      code: "validation-failed",
    });
  });
});
