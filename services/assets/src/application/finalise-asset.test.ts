import type { EventEnvelope } from "@mp/bus";
import type { Principal } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { type Asset, createPendingAsset, type ObjectFacts, uploadKey } from "../domain/asset";
import { makeCreateUploadSession } from "./create-upload-session";
import { makeFinaliseAsset } from "./finalise-asset";
import type { AssetRepository, ObjectStore, UnitOfWork } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ID = "0193a1b2-0000-7000-8000-0000000000ff";
const created = new Date("2026-11-22T10:00:00.000Z");

/** Hand-written fakes: rows and events commit together, objects are a map of key to facts. */
function fakes(facts: ObjectFacts = { exists: false }) {
  const rows = new Map<string, Asset>();
  const events: EventEnvelope[] = [];
  const deleted: string[] = [];
  const objects = new Map<string, ObjectFacts>();
  const assets: AssetRepository = {
    async insert(_tx, asset) {
      rows.set(asset.id, asset);
    },
    get: async (org, id) => (rows.get(id)?.organisationId === org ? rows.get(id) : undefined),
    getForUpdate: async (_tx, org, id) => (rows.get(id)?.organisationId === org ? rows.get(id) : undefined),
    getMany: async () => [],
    async saveVerdict(_tx, asset) {
      rows.set(asset.id, asset);
    },
  };
  const store: ObjectStore = {
    presignPut: async (key, type) => `http://s3/${key}?type=${type}`,
    presignGet: async (key) => `http://s3/${key}?get`,
    async copy(from, to) {
      const found = objects.get(from);
      if (found) objects.set(to, found);
      return found !== undefined;
    },
    inspect: async (key) => objects.get(key) ?? { exists: false },
    async delete(...keys) {
      deleted.push(...keys);
      for (const key of keys) objects.delete(key);
    },
  };
  const unitOfWork: UnitOfWork = {
    async run(work) {
      const pending: EventEnvelope[] = [];
      const result = await work({} as PoolClient, async (event) => {
        pending.push(event);
      });
      events.push(...pending);
      return result;
    },
  };
  const asset = createPendingAsset(
    { assetType: "icon", mimeType: "image/png", fileName: "logo.png" },
    { organisationId: ORG },
    { id: ID, now: created },
  );
  rows.set(ID, asset);
  if (facts.exists) objects.set(uploadKey(ORG, ID), facts);
  let now = new Date(created.getTime() + 60_000);
  const clock = { now: () => now };
  const finalise = makeFinaliseAsset({ assets, objects: store, unitOfWork, clock });
  return {
    rows,
    events,
    deleted,
    objects,
    assets,
    store,
    unitOfWork,
    finalise,
    setNow: (d: Date) => {
      now = d;
    },
  };
}

const ctx = (roles: Principal["roles"] = ["developer"], organisationId = ORG): CallContext => ({
  principal: { subject: "u1", organisationId, roles, via: "jwt" },
  requestId: "r1",
  signal: new AbortController().signal,
  logger: testLogger(),
});

const goodPng: ObjectFacts = {
  exists: true,
  sizeBytes: 4000,
  detectedMimeType: "image/png",
  dimensions: { width: 256, height: 256 },
};
const declared = { assetId: ID, sizeBytes: 4000, width: 256, height: 256 };

describe("finaliseAsset", () => {
  it("makes a matching object ready, announces it once with the stored key, and drops the upload copy", async () => {
    const f = fakes(goodPng);
    const view = await f.finalise(declared, ctx());
    expect(view.asset).toMatchObject({ status: "ready", sizeBytes: 4000, width: 256, height: 256 });
    expect(view.url).toBe(`http://s3/orgs/${ORG}/assets/${ID}?get`);
    expect(f.events).toHaveLength(1);
    expect(f.events[0]).toMatchObject({
      type: "assets.asset.finalised.v1",
      source: "assets",
      data: { id: ID, organisationId: ORG, objectKey: `orgs/${ORG}/assets/${ID}`, sizeBytes: 4000 },
    });
    expect(f.deleted).toEqual([uploadKey(ORG, ID)]);

    const again = await f.finalise({ ...declared, width: 999 }, ctx());
    expect(again.asset).toEqual(view.asset);
    expect(f.events).toHaveLength(1);
  });

  it("rejects a mismatch with every reason, emits nothing, deletes both objects, and stays rejected", async () => {
    const f = fakes({ ...goodPng, sizeBytes: 3999, dimensions: { width: 256, height: 200 } });
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["size-mismatch", "dimensions-mismatch", "not-square"] },
    });
    expect(f.rows.get(ID)).toMatchObject({ status: "rejected", reasons: expect.any(Array) });
    expect(f.events).toHaveLength(0);
    expect(f.deleted.sort()).toEqual([`orgs/${ORG}/assets/${ID}`, uploadKey(ORG, ID)].sort());
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["size-mismatch", "dimensions-mismatch", "not-square"] },
    });
  });

  it("answers upload-expired after expiresAt and leaves the asset pending", async () => {
    const f = fakes(goodPng);
    f.setNow(new Date(created.getTime() + 15 * 60 * 1000 + 1));
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({ code: "upload-expired" });
    expect(f.rows.get(ID)?.status).toBe("pending");
    expect(f.events).toHaveLength(0);
  });

  it("still answers when deleting objects fails after the verdict committed", async () => {
    const f = fakes(goodPng);
    f.store.delete = async () => {
      throw new Error("store down");
    };
    await expect(f.finalise(declared, ctx())).resolves.toMatchObject({ asset: { status: "ready" } });
  });

  it("answers as a repeated finalise when a concurrent one decided first", async () => {
    const f = fakes(goodPng);
    const decided = { ...f.rows.get(ID)!, status: "rejected" as const, reasons: ["object-missing"] };
    f.assets.getForUpdate = async () => decided;
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["object-missing"] },
    });
    expect(f.events).toHaveLength(0);
  });

  it("is not found for another organisation or a malformed id, forbidden without the developer role", async () => {
    const f = fakes(goodPng);
    await expect(
      f.finalise(declared, ctx(["developer"], "0193a1b2-0000-7000-8000-00000000000b")),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(f.finalise({ ...declared, assetId: "x" }, ctx())).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(f.finalise(declared, ctx(["provider"]))).rejects.toMatchObject({ code: "forbidden" });
    expect(f.rows.get(ID)?.status).toBe("pending");
  });

  it("validates the declared numbers", async () => {
    const f = fakes(goodPng);
    await expect(f.finalise({ ...declared, sizeBytes: Number.NaN, width: 0 }, ctx())).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.sizeBytes": expect.any(Array), "body.width": expect.any(Array) } },
    });
  });
});

describe("createUploadSession", () => {
  it("stores a pending asset and presigns the PUT for its upload key with its content type", async () => {
    const f = fakes();
    f.rows.clear();
    const create = makeCreateUploadSession({
      assets: f.assets,
      objects: f.store,
      unitOfWork: f.unitOfWork,
      clock: { now: () => created },
      ids: { next: () => ID },
    });
    const session = await create({ assetType: "image", mimeType: "image/jpeg", fileName: "a.jpg" }, ctx());
    expect(session.uploadUri).toBe(`http://s3/${uploadKey(ORG, ID)}?type=image/jpeg`);
    expect(session.uploadHeaders).toEqual({ "Content-Type": "image/jpeg" });
    expect(f.rows.get(ID)).toMatchObject({ status: "pending", assetType: "image", organisationId: ORG });
    expect(f.events).toHaveLength(0);
    await expect(
      create({ assetType: "image", mimeType: "image/jpeg", fileName: "a.jpg" }, ctx(["provider"])),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
