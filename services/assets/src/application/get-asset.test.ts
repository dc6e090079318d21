import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { type Asset, createPendingAsset, markReady } from "../domain/asset";
import { GET_ASSETS_MAX, makeGetAsset, makeGetAssets } from "./get-asset";
import type { AssetRepository, ObjectStore } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const OTHER = "0193a1b2-0000-7000-8000-00000000000b";
const now = new Date("2026-11-22T10:00:00.000Z");
const id = (n: number) => `0193a1b2-0000-7000-8000-0000000000${n.toString(16).padStart(2, "0")}`;
const pending = (n: number, org = ORG) =>
  createPendingAsset(
    { assetType: "image", mimeType: "image/png", fileName: "a.png" },
    { organisationId: org },
    {
      id: id(n),
      now,
    },
  );

const rows: Asset[] = [
  markReady(pending(1), { sizeBytes: 10, width: 320, height: 320 }, `orgs/${ORG}/assets/${id(1)}/a1`, now),
  pending(2),
  markReady(
    pending(3, OTHER),
    { sizeBytes: 10, width: 320, height: 320 },
    `orgs/${OTHER}/assets/${id(3)}/a1`,
    now,
  ),
];
const assets = {
  get: async (org: string, assetId: string) => rows.find((r) => r.organisationId === org && r.id === assetId),
  getMany: async (org: string | null, ids: string[]) =>
    rows.filter((r) => (org === null || r.organisationId === org) && ids.includes(r.id)),
} as unknown as AssetRepository;
const objects = { presignGet: async (key: string) => `http://s3/${key}` } as unknown as ObjectStore;
const deps = { assets, objects, clock: { now: () => now } };
const ctx: CallContext = {
  principal: { subject: "u", organisationId: ORG.toUpperCase(), roles: ["developer"], via: "jwt" },
  requestId: "r",
  signal: new AbortController().signal,
  logger: testLogger(),
};

describe("getAsset and getAssets", () => {
  it("reads the caller's asset in any case, with a url only once ready", async () => {
    const ready = await makeGetAsset(deps)(id(1).toUpperCase(), ctx);
    expect(ready.url).toBe(`http://s3/orgs/${ORG}/assets/${id(1)}/a1`);
    expect((await makeGetAsset(deps)(id(2), ctx)).url).toBeNull();
  });

  it("answers not-found for another organisation's asset and for malformed ids", async () => {
    await expect(makeGetAsset(deps)(id(3), ctx)).rejects.toMatchObject({ code: "not-found" });
    await expect(makeGetAsset(deps)("x", ctx)).rejects.toMatchObject({ code: "not-found" });
  });

  it("returns the caller's assets in the order asked, once each, leaving out the rest", async () => {
    const views = await makeGetAssets(deps)([id(2), id(3), "x", id(1).toUpperCase(), id(2), id(9)], ctx);
    expect(views.map((v) => v.asset.id)).toEqual([id(2), id(1)]);
    expect(await makeGetAssets(deps)([], ctx)).toEqual([]);
  });

  it(`refuses more than ${GET_ASSETS_MAX} ids`, async () => {
    const many = Array.from({ length: GET_ASSETS_MAX + 1 }, (_, n) => id(n % 256));
    await expect(makeGetAssets(deps)(many, ctx)).rejects.toMatchObject({ code: "validation-failed" });
  });

  it("lets listings, calling as itself, read any organisation's assets; other services are refused", async () => {
    const asListings: CallContext = { ...ctx, principal: undefined, service: { service: "listings" } };
    const views = await makeGetAssets(deps)([id(3), id(1)], asListings);
    expect(views.map((v) => v.asset.id)).toEqual([id(3), id(1)]);
    const asPurchases: CallContext = { ...ctx, principal: undefined, service: { service: "purchases" } };
    await expect(makeGetAssets(deps)([id(3)], asPurchases)).rejects.toMatchObject({ code: "forbidden" });
    await expect(makeGetAsset(deps)(id(3), asListings)).rejects.toMatchObject({ code: "forbidden" });
  });
});
