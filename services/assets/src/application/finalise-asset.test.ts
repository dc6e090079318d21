import type { EventEnvelope } from "@mp/bus";
import type { Principal } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import {
  type Asset,
  assetObjectsPrefix,
  createPendingAsset,
  type ObjectFacts,
  UPLOAD_PREFIX,
  uploadKey,
} from "../domain/asset";
import { makeCreateUploadSession } from "./create-upload-session";
import { makeFinaliseAsset } from "./finalise-asset";
import type { AssetRepository, ObjectStore, UnitOfWork } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ID = "0193a1b2-0000-7000-8000-0000000000ff";
const created = new Date("2026-11-22T10:00:00.000Z");
const attempt = (n: number) => `0193a1b2-0000-7000-8000-${String(n).padStart(12, "0")}`;
const finalKey = (n: number) => `${assetObjectsPrefix(ORG, ID)}${attempt(n)}`;

type Stored = Extract<ObjectFacts, { exists: true }> & { etag: string };

/**
 * Hand-written fakes: rows and events commit together, objects are a map of key to facts, and every store
 * call is recorded with whether a transaction was open at the time (finalise must never do S3 work then).
 */
function fakes(facts: ObjectFacts = { exists: false }) {
  const rows = new Map<string, Asset>();
  const events: EventEnvelope[] = [];
  const deleted: string[] = [];
  const calls: { op: string; key: string; inTransaction: boolean }[] = [];
  const objects = new Map<string, Stored>();
  let inTransaction = false;
  const note = (op: string, key: string) => calls.push({ op, key, inTransaction });
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
    async head(key) {
      note("head", key);
      const found = objects.get(key);
      return found ? { exists: true, sizeBytes: found.sizeBytes, etag: found.etag } : { exists: false };
    },
    async copy(from, to, ifMatch) {
      note("copy", to);
      const found = objects.get(from);
      if (!found) return "missing";
      if (ifMatch !== undefined && ifMatch !== found.etag) return "changed";
      objects.set(to, found);
      return "copied";
    },
    async inspect(key) {
      note("inspect", key);
      return objects.get(key) ?? { exists: false };
    },
    async delete(...keys) {
      for (const key of keys) note("delete", key);
      deleted.push(...keys);
      for (const key of keys) objects.delete(key);
    },
  };
  const unitOfWork: UnitOfWork = {
    async run(work) {
      const pending: EventEnvelope[] = [];
      inTransaction = true;
      try {
        const result = await work({} as PoolClient, async (event) => {
          pending.push(event);
        });
        events.push(...pending);
        return result;
      } finally {
        inTransaction = false;
      }
    },
  };
  const asset = createPendingAsset(
    { assetType: "icon", mimeType: "image/png", fileName: "logo.png" },
    { organisationId: ORG },
    { id: ID, now: created },
  );
  rows.set(ID, asset);
  if (facts.exists) objects.set(uploadKey(ORG, ID), { ...facts, etag: '"v1"' });
  let now = new Date(created.getTime() + 60_000);
  const clock = { now: () => now };
  let n = 0;
  const ids = { next: () => attempt(++n) };
  const finalise = makeFinaliseAsset({ assets, objects: store, unitOfWork, clock, ids });
  return {
    rows,
    events,
    deleted,
    calls,
    objects,
    assets,
    store,
    unitOfWork,
    ids,
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
  it("makes a matching object ready at its checked copy's key, announces it once, and drops the upload", async () => {
    const f = fakes(goodPng);
    const view = await f.finalise(declared, ctx());
    expect(view.asset).toMatchObject({
      status: "ready",
      sizeBytes: 4000,
      width: 256,
      height: 256,
      objectKey: finalKey(1),
    });
    expect(view.url).toBe(`http://s3/${finalKey(1)}?get`);
    expect(f.events).toHaveLength(1);
    expect(f.events[0]).toMatchObject({
      type: "assets.asset.finalised.v1",
      source: "assets",
      data: { id: ID, organisationId: ORG, objectKey: finalKey(1), sizeBytes: 4000 },
    });
    expect(f.calls.map((c) => `${c.op} ${c.key}`)).toEqual([
      `head ${uploadKey(ORG, ID)}`,
      `copy ${finalKey(1)}`,
      `inspect ${finalKey(1)}`,
      `delete ${uploadKey(ORG, ID)}`,
    ]);
    expect(f.calls.filter((c) => c.inTransaction)).toEqual([]);
    const again = await f.finalise({ ...declared, width: 999 }, ctx());
    expect(again.asset).toEqual(view.asset);
    expect(f.events).toHaveLength(1);
  });

  it("rejects a mismatch with every reason, emits nothing, deletes upload and copy, and stays rejected", async () => {
    const f = fakes({ ...goodPng, sizeBytes: 3999, dimensions: { width: 256, height: 200 } });
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["size-mismatch", "dimensions-mismatch", "not-square"] },
    });
    expect(f.rows.get(ID)).toMatchObject({ status: "rejected", objectKey: null, reasons: expect.any(Array) });
    expect(f.events).toHaveLength(0);
    expect(f.deleted.sort()).toEqual([finalKey(1), uploadKey(ORG, ID)].sort());
    expect(f.objects.size).toBe(0);
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["size-mismatch", "dimensions-mismatch", "not-square"] },
    });
  });

  it("rejects an object over the size limit on its HEAD, never copying it, and deletes it", async () => {
    const f = fakes({ ...goodPng, sizeBytes: 1024 * 1024 + 1 });
    await expect(f.finalise({ ...declared, sizeBytes: 1024 * 1024 + 1 }, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["size-over-limit"] },
    });
    expect(f.calls.map((c) => c.op)).not.toContain("copy");
    expect(f.calls.some((c) => c.key.startsWith(assetObjectsPrefix(ORG, ID)))).toBe(false);
    expect(f.calls[0]).toMatchObject({ op: "head", key: uploadKey(ORG, ID) });
    expect(f.deleted).toEqual([uploadKey(ORG, ID)]);
    expect(f.objects.size).toBe(0);
    expect(f.rows.get(ID)?.status).toBe("rejected");
  });

  it("rejects a finalise with nothing uploaded as object-missing, without copying", async () => {
    const f = fakes();
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["object-missing"] },
    });
    expect(f.calls.map((c) => c.op)).not.toContain("copy");
  });

  it("copies only the version it measured: an upload replaced after the HEAD is measured again", async () => {
    const f = fakes(goodPng);
    const copy = f.store.copy;
    let swaps = 1;
    f.store.copy = async (from, to, ifMatch) => {
      if (swaps-- > 0) f.objects.set(from, { ...goodPng, sizeBytes: 9 * 1024 * 1024, etag: '"v2"' });
      return copy(from, to, ifMatch);
    };
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: expect.arrayContaining(["size-over-limit"]) },
    });
    expect(f.calls.filter((c) => c.op === "copy")).toHaveLength(1);
    expect([...f.objects.keys()]).toEqual([]);
  });

  it("gives up without a verdict when the upload keeps changing under it", async () => {
    const f = fakes(goodPng);
    f.store.copy = async () => "changed";
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({ code: "asset-invalid" });
    expect(f.rows.get(ID)?.status).toBe("pending");
    expect(f.calls.filter((c) => c.op === "head")).toHaveLength(3);
  });

  it("answers upload-expired after expiresAt and leaves the asset pending", async () => {
    const f = fakes(goodPng);
    f.setNow(new Date(created.getTime() + 15 * 60 * 1000 + 1));
    await expect(f.finalise(declared, ctx())).rejects.toMatchObject({ code: "upload-expired" });
    expect(f.rows.get(ID)?.status).toBe("pending");
    expect(f.events).toHaveLength(0);
    expect(f.calls.map((c) => c.op)).toEqual(["delete"]);
  });

  it("still answers when deleting objects fails after the verdict committed", async () => {
    const f = fakes(goodPng);
    f.store.delete = async () => {
      throw new Error("store down");
    };
    await expect(f.finalise(declared, ctx())).resolves.toMatchObject({ asset: { status: "ready" } });
  });

  it("answers what a concurrent finalise decided first, and deletes its own copy", async () => {
    const f = fakes(goodPng);
    const pending = f.rows.get(ID) as Asset;
    const winner = { ...pending, status: "ready" as const, objectKey: finalKey(99), ...declared };
    f.objects.set(finalKey(99), { ...goodPng, etag: '"v1"' });
    f.assets.getForUpdate = async () => winner;
    const view = await f.finalise(declared, ctx());
    expect(view.asset.objectKey).toBe(finalKey(99));
    expect(f.deleted).toEqual([finalKey(1)]);
    expect([...f.objects.keys()].sort()).toEqual([finalKey(99), uploadKey(ORG, ID)].sort());
    expect(f.events).toHaveLength(0);

    const lost = fakes(goodPng);
    const rejected = { ...pending, status: "rejected" as const, reasons: ["object-missing"] };
    lost.assets.getForUpdate = async () => rejected;
    await expect(lost.finalise(declared, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["object-missing"] },
    });
    expect(lost.deleted).toEqual([finalKey(1)]);
    expect(lost.events).toHaveLength(0);
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
    expect(f.calls).toEqual([]);
  });

  it("validates the declared numbers' shape only; bounds of the contract are asset-invalid (409)", async () => {
    const f = fakes(goodPng);
    await expect(f.finalise({ ...declared, sizeBytes: Number.NaN, width: 0 }, ctx())).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.sizeBytes": expect.any(Array), "body.width": expect.any(Array) } },
    });
    await expect(f.finalise({ ...declared, width: 5000, height: 5000 }, ctx())).rejects.toMatchObject({
      code: "asset-invalid",
      extensions: { reasons: ["dimensions-mismatch"] },
    });
  });
});

describe("createUploadSession", () => {
  it("stores a pending asset and presigns the PUT for its key under uploads/ with its content type", async () => {
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
    expect(session.uploadUri).toBe(`http://s3/${UPLOAD_PREFIX}${ORG}/${ID}?type=image/jpeg`);
    expect(session.uploadHeaders).toEqual({ "Content-Type": "image/jpeg" });
    expect(f.rows.get(ID)).toMatchObject({ status: "pending", assetType: "image", organisationId: ORG });
    expect(f.events).toHaveLength(0);
    await expect(
      create({ assetType: "image", mimeType: "image/jpeg", fileName: "a.jpg" }, ctx(["provider"])),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
