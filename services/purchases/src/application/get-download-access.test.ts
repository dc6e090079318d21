import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { DOWNLOAD_URL_TTL_SECONDS, makeGetDownloadAccess } from "./get-download-access";
import type { KnownRelease, PurchaseRepository } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const BOARD = "0193a5d0-dd00-7000-8000-0000000000b1";
const DEVICE = "0123456789abcdef";
const NOW = new Date("2026-11-28T20:00:00.000Z");
const ctx = (roles: Array<"provider" | "developer"> = ["developer"]): CallContext => ({
  principal: { subject: "u-1", organisationId: ORG.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});

const release = (over: Partial<KnownRelease> = {}): KnownRelease => ({
  id: "0193a1b2-0000-7000-8000-0000000000f1",
  marketplaceItemId: ITEM,
  releaseVersion: "1.2.0",
  boardId: BOARD,
  sizeBytes: 4096,
  status: "available",
  sha256: "a".repeat(64),
  objectKey: "releases/obj",
  iotApplicationId: 4097,
  iotReleaseId: "rel-1",
  boardName: "Tracker",
  boardTarget: "nrf9160",
  createdAt: null,
  ...over,
});

function access(
  options: { known?: boolean; owner?: string | null; statuses?: string[]; releases?: KnownRelease[] } = {},
) {
  const asked: Array<Record<string, unknown>> = [];
  const versions: string[][] = [];
  const owners: string[][] = [];
  const get = makeGetDownloadAccess({
    db: {} as never,
    items: { displayName: async () => (options.known === false ? undefined : null) } as never,
    releases: {
      ofVersion: async (_db: unknown, item: string, version: string) => {
        versions.push([item, version]);
        return options.releases ?? [release()];
      },
    } as never,
    purchases: {
      statusesOf: async (query: Record<string, unknown>) => {
        asked.push(query);
        return options.statuses ?? ["completed"];
      },
    } as unknown as PurchaseRepository,
    devices: {
      ownerOf: async (deviceId, requestId) => {
        owners.push([deviceId, requestId]);
        const owner = options.owner === undefined ? ORG : options.owner;
        return owner === null ? null : { organisationId: owner, boardId: BOARD };
      },
    },
    signer: { presignGet: async (key) => `https://s3.local/${key}?signed` },
    clock: { now: () => NOW },
    defaultLivemode: true,
  });
  return { get, asked, versions, owners };
}

const request = { marketplaceItemId: ITEM.toUpperCase(), version: "1.2.0", deviceId: DEVICE.toUpperCase() };

describe("download access", () => {
  it("an owned device with a completed purchase gets a presigned URL valid five minutes, size and digest", async () => {
    const a = access();
    expect(await a.get(request, ctx())).toEqual({
      eligible: true,
      download: {
        url: "https://s3.local/releases/obj?signed",
        expiresAt: new Date(NOW.getTime() + 300_000),
        sizeBytes: 4096,
        sha256: "a".repeat(64),
      },
    });
    expect(DOWNLOAD_URL_TTL_SECONDS).toBe(300);
    expect(a.owners).toEqual([[DEVICE, "req-1"]]);
    expect(a.versions).toEqual([[ITEM, "1.2.0"]]);
    expect(a.asked).toEqual([
      { providerOrganisationId: ORG, deviceId: DEVICE, marketplaceItemId: ITEM, livemode: true },
    ]);
  });

  it("reads no purchase of another organisation's device, and says not-device-owner", async () => {
    const a = access({ owner: "0193a1b2-0000-7000-8000-00000000000b" });
    expect(await a.get(request, ctx())).toEqual({ eligible: false, reason: "not-device-owner" });
    expect(a.asked).toEqual([]);
  });

  it("an available release whose binary is not recorded yet is still preparing", async () => {
    expect(await access({ releases: [release({ objectKey: null })] }).get(request, ctx())).toEqual({
      eligible: false,
      reason: "preparing",
    });
    expect(await access({ releases: [release({ sha256: null })] }).get(request, ctx())).toEqual({
      eligible: false,
      reason: "preparing",
    });
  });

  it("passes the decision's refusals on (no completed purchase)", async () => {
    expect(await access({ statuses: ["refunded"] }).get(request, ctx())).toEqual({
      eligible: false,
      reason: "purchase-not-active",
    });
  });

  it("an item purchases never heard of is 404", async () => {
    await expect(access({ known: false }).get(request, ctx())).rejects.toMatchObject({ code: "not-found" });
  });

  it("refuses a malformed item id, version or device id, naming each field", async () => {
    const a = access();
    await expect(
      a.get({ marketplaceItemId: "item", version: "", deviceId: "0123" }, ctx()),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: {
        errors: {
          "path.marketplaceItemId": ["must be a guid"],
          "path.version": ["must be 1..64 characters"],
          "query.deviceId": ["must be 16 hex characters"],
        },
      },
    });
    await expect(a.get({ ...request, version: "v".repeat(65) }, ctx())).rejects.toMatchObject({
      extensions: { errors: { "path.version": ["must be 1..64 characters"] } },
    });
    await expect(a.get({ ...request, version: "v".repeat(64) }, ctx())).resolves.toMatchObject({
      eligible: true,
    });
    await expect(a.get({ ...request, version: "1" }, ctx())).resolves.toMatchObject({ eligible: true });
    for (const deviceId of ["x0123456789abcdef", "0123456789abcdefx", "0123456789abcdeg"])
      await expect(a.get({ ...request, deviceId }, ctx())).rejects.toMatchObject({
        extensions: { errors: { "query.deviceId": ["must be 16 hex characters"] } },
      });
  });
});
