import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { connectBus } from "@mp/bus";
import type { AssetsProto, Principal } from "@mp/contracts";
import type { UploadSession__Output } from "@mp/contracts/generated/marketplace/assets/v1/UploadSession";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, infraEnv, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetObjectsPrefix, UPLOAD_PREFIX, uploadKey } from "./domain/asset";
import { assetsService, buildAssets } from "./module";
import { startRecordingS3Proxy } from "./testing/recording-s3-proxy";
import { jpegImage, pngImage } from "./testing/test-images";

const developer: Principal = {
  subject: "dev-1",
  organisationId: "0193a1b2-0000-7000-8000-0000000000d1",
  roles: ["developer"],
  via: "jwt",
};
const otherDeveloper: Principal = {
  ...developer,
  subject: "dev-2",
  organisationId: "0193a1b2-0000-7000-8000-0000000000d2",
};
const provider: Principal = { ...developer, subject: "p-1", roles: ["provider"] };

const proto = loadProto<AssetsProto>("marketplace/assets/v1/assets.proto").marketplace.assets.v1;

/** The service's clock runs `offsetMs` ahead of real time, so a test can jump past an upload's expiry. */
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

let infra: TestInfra;
let mesh: TestMesh;
let service: RunningService;
let s3: S3Client;
let client: ReturnType<typeof makeClient>;
/** Every S3 request the service makes goes through it (presigned URLs go to the store directly). */
let proxy: Awaited<ReturnType<typeof startRecordingS3Proxy>>;

const makeClient = () =>
  createUnaryClient(proto.AssetsService, `127.0.0.1:${service.grpcPort}`, {
    upstream: "assets",
    identity: mesh.gateway,
  });

beforeAll(async () => {
  infra = await freshInfra("assets");
  proxy = await startRecordingS3Proxy(infra.s3.endpoint);
  mesh = await ephemeralMesh();
  const env = {
    ...infraEnv(infra),
    ASSETS_GRPC_PORT: "0",
    LOG_LEVEL: "silent",
    S3_ENDPOINT: proxy.url,
    S3_PUBLIC_ENDPOINT: infra.s3.endpoint,
    S3_REGION: infra.s3.region,
    S3_ACCESS_KEY_ID: infra.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: infra.s3.secretAccessKey,
    S3_BUCKET: infra.s3.bucket,
    ...mesh.env("assets"),
  };
  service = await startService({ ...assetsService, build: (deps) => buildAssets(deps, { clock }) }, env, {
    logger: testLogger("assets"),
  });
  client = makeClient();
  s3 = new S3Client({
    endpoint: infra.s3.endpoint,
    region: infra.s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: infra.s3.accessKeyId, secretAccessKey: infra.s3.secretAccessKey },
  });
});

afterAll(async () => {
  client?.close();
  s3?.destroy();
  await service?.stop();
  await proxy?.stop();
  await infra?.cleanup();
});

const ctx = (principal: Principal = developer) => ({ principal, requestId: "r" });

async function startUpload(
  assetType: "icon" | "image",
  mimeType: "image/png" | "image/jpeg",
  principal: Principal = developer,
): Promise<UploadSession__Output> {
  return client.call("createUploadSession", { assetType, mimeType, fileName: "picture" }, ctx(principal));
}

/** PUT through the presigned URL, as a browser would, with the headers the session names. */
async function put(session: UploadSession__Output, bytes: Uint8Array, headers = session.uploadHeaders) {
  const response = await fetch(session.uploadUri, { method: "PUT", headers, body: bytes });
  return { status: response.status, body: await response.text() };
}

/** Keys under a prefix, as the bucket lists them now. */
async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: infra.s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
}

/** The finalised copies of an asset in the bucket. */
const copiesOf = (assetId: string) => keysUnder(assetObjectsPrefix(developer.organisationId, assetId));

/** The asset's recorded object key (null unless ready). */
async function recordedKey(assetId: string): Promise<string | null> {
  const { rows } = await service.pool.query<{ object_key: string | null }>(
    "SELECT object_key FROM assets WHERE id = $1",
    [assetId],
  );
  return rows[0]?.object_key ?? null;
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: infra.s3.bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

const finalise = (
  session: UploadSession__Output,
  declared: { sizeBytes: number; width: number; height: number },
  principal: Principal = developer,
) => client.call("finaliseAsset", { assetId: session.assetId, ...declared }, ctx(principal));

/** Uploads `bytes` and finalises with `declared`; resolves with the reasons of the rejection. */
async function rejectionOf(
  session: UploadSession__Output,
  bytes: Uint8Array | undefined,
  declared: { sizeBytes: number; width: number; height: number },
): Promise<unknown> {
  if (bytes) expect((await put(session, bytes)).status).toBe(200);
  const error = await finalise(session, declared).then(
    () => expect.unreachable("finalise should have been rejected"),
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: "asset-invalid" });
  return (error as { extensions: { reasons: unknown } }).extensions.reasons;
}

describe("upload sessions and finalise over gRPC (real PostgreSQL, NATS and S3 store)", () => {
  it("hands out a presigned PUT that signs its content type, valid at most 15 minutes, under uploads/", async () => {
    const before = Date.now();
    const session = await startUpload("icon", "image/png");
    expect(session.assetId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(session.uploadMethod).toBe("PUT");
    expect(session.uploadHeaders).toEqual({ "Content-Type": "image/png" });
    const url = new URL(session.uploadUri);
    expect(url.origin).toBe(infra.s3.endpoint);
    expect(url.pathname).toBe(`/${infra.s3.bucket}/${uploadKey(developer.organisationId, session.assetId)}`);
    expect(url.pathname.startsWith(`/${infra.s3.bucket}/${UPLOAD_PREFIX}${developer.organisationId}/`)).toBe(
      true,
    );
    // The local store checks no signature, so the URL itself must show what it binds.
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeGreaterThan(0);
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(900);
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("content-type");
    const expiresIn = Date.parse(session.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(15 * 60 * 1000 - 5);
    expect(expiresIn).toBeLessThan(15 * 60 * 1000 + 5_000);
  });

  it("finalises a real PNG icon: ready, readable at its url, announced once, idempotent", async () => {
    const bytes = pngImage(256, 256);
    const session = await startUpload("icon", "image/png");
    expect(await put(session, bytes)).toMatchObject({ status: 200 });
    const asset = await finalise(session, { sizeBytes: bytes.length, width: 256, height: 256 });
    expect(asset).toMatchObject({
      id: session.assetId,
      organisationId: developer.organisationId,
      assetType: "icon",
      mimeType: "image/png",
      fileName: "picture",
      sizeBytes: String(bytes.length),
      width: 256,
      height: 256,
      status: "ready",
    });
    const stored = await fetch(asset.url);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
    const key = await recordedKey(session.assetId);
    expect(key?.startsWith(assetObjectsPrefix(developer.organisationId, session.assetId))).toBe(true);
    expect(await copiesOf(session.assetId)).toEqual([key]);
    expect(await exists(uploadKey(developer.organisationId, session.assetId))).toBe(false);

    const again = await finalise(session, { sizeBytes: 1, width: 1, height: 1 });
    expect({ ...again, url: "" }).toEqual({ ...asset, url: "" });
    const read = await client.call("getAsset", { assetId: session.assetId.toUpperCase() }, ctx());
    expect({ ...read, url: "" }).toEqual({ ...asset, url: "" });

    const bus = await connectBus({
      url: infra.natsUrl,
      name: "probe",
      namespace: infra.busNamespace,
      logger: testLogger(),
    });
    const subject = bus.subject("assets.asset.finalised.v1");
    const message = await waitFor(
      () =>
        bus.jsm.streams
          .getMessage(bus.streamName("ASSETS"), { last_by_subj: subject })
          .then((m) => m ?? undefined)
          .catch(() => undefined),
      { what: "finalised event on the ASSETS stream" },
    );
    expect(message.json()).toMatchObject({
      type: "assets.asset.finalised.v1",
      source: "assets",
      data: {
        id: session.assetId,
        organisationId: developer.organisationId,
        assetType: "icon",
        mimeType: "image/png",
        sizeBytes: bytes.length,
        width: 256,
        height: 256,
        objectKey: key,
      },
    });
    const info = await bus.jsm.streams.info(bus.streamName("ASSETS"), { subjects_filter: subject });
    expect(info.state.subjects?.[subject]).toBe(1);
    await bus.close();
  });

  it("finalises a real JPEG gallery image", async () => {
    const bytes = jpegImage(640, 480);
    const session = await startUpload("image", "image/jpeg");
    expect((await put(session, bytes)).status).toBe(200);
    await expect(
      finalise(session, { sizeBytes: bytes.length, width: 640, height: 480 }),
    ).resolves.toMatchObject({ status: "ready", width: 640, height: 480, mimeType: "image/jpeg" });
  });

  it("rejects a wrong declared width, deletes the object, and stays rejected", async () => {
    const bytes = pngImage(400, 320);
    const session = await startUpload("image", "image/png");
    const reasons = await rejectionOf(session, bytes, { sizeBytes: bytes.length, width: 401, height: 320 });
    expect(reasons).toEqual(["dimensions-mismatch"]);
    expect(await copiesOf(session.assetId)).toEqual([]);
    expect(await exists(uploadKey(developer.organisationId, session.assetId))).toBe(false);
    await expect(
      finalise(session, { sizeBytes: bytes.length, width: 400, height: 320 }),
    ).rejects.toMatchObject({ code: "asset-invalid", extensions: { reasons: ["dimensions-mismatch"] } });
    await expect(client.call("getAsset", { assetId: session.assetId }, ctx())).resolves.toMatchObject({
      status: "rejected",
      url: "",
    });
  });

  it("rejects a wrong declared size", async () => {
    const bytes = jpegImage(320, 320);
    const session = await startUpload("image", "image/jpeg");
    expect(
      await rejectionOf(session, bytes, { sizeBytes: bytes.length + 1, width: 320, height: 320 }),
    ).toEqual(["size-mismatch"]);
  });

  it("rejects a PNG uploaded as image/jpeg on its magic bytes", async () => {
    const bytes = pngImage(400, 400);
    const session = await startUpload("image", "image/jpeg");
    expect(await rejectionOf(session, bytes, { sizeBytes: bytes.length, width: 400, height: 400 })).toEqual([
      "mime-type-mismatch",
    ]);
  });

  it("rejects a non-square icon and a too small gallery image", async () => {
    const wide = pngImage(256, 128);
    const icon = await startUpload("icon", "image/png");
    expect(await rejectionOf(icon, wide, { sizeBytes: wide.length, width: 256, height: 128 })).toEqual([
      "not-square",
    ]);
    const small = jpegImage(200, 200);
    const image = await startUpload("image", "image/jpeg");
    expect(await rejectionOf(image, small, { sizeBytes: small.length, width: 200, height: 200 })).toEqual([
      "dimensions-out-of-range",
    ]);
  });

  it("rejects an icon over 1 MiB on its HEAD (409), deletes it, and never copies it anywhere", async () => {
    const bytes = pngImage(600, 600, { noise: true });
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const session = await startUpload("icon", "image/png");
    const upload = uploadKey(developer.organisationId, session.assetId);
    const seen = proxy.requests.length;
    expect(await rejectionOf(session, bytes, { sizeBytes: bytes.length, width: 600, height: 600 })).toEqual([
      "size-over-limit",
    ]);
    // Every request the service made for this finalise: a HEAD first, then at most a ranged read of the
    // upload for the other reasons, then its delete. No copy, and nothing ever addressed an asset key.
    const made = proxy.requests.slice(seen);
    expect(made[0]).toMatchObject({ method: "HEAD", path: `/${infra.s3.bucket}/${upload}` });
    expect(made.filter((r) => r.copySource !== undefined)).toEqual([]);
    expect(made.filter((r) => r.method === "PUT")).toEqual([]);
    const prefix = assetObjectsPrefix(developer.organisationId, session.assetId);
    expect(made.filter((r) => r.path.includes(prefix))).toEqual([]);
    expect(made.at(-1)).toMatchObject({ method: "DELETE", path: `/${infra.s3.bucket}/${upload}` });
    expect(await copiesOf(session.assetId)).toEqual([]);
    expect(await exists(upload)).toBe(false);
    expect(await recordedKey(session.assetId)).toBeNull();
  });

  it("gives concurrent finalises of one asset one verdict and one event", async () => {
    const bytes = jpegImage(1024, 768);
    const session = await startUpload("image", "image/jpeg");
    expect((await put(session, bytes)).status).toBe(200);
    const declared = { sizeBytes: bytes.length, width: 1024, height: 768 };
    const results = await Promise.all([1, 2, 3].map(() => finalise(session, declared)));
    expect(new Set(results.map((r) => `${r.status} ${r.id} ${r.sizeBytes}`))).toEqual(
      new Set([`ready ${session.assetId} ${bytes.length}`]),
    );
    const bus = await connectBus({
      url: infra.natsUrl,
      name: "probe-concurrent",
      namespace: infra.busNamespace,
      logger: testLogger(),
    });
    const subject = bus.subject("assets.asset.finalised.v1");
    const events = await waitFor(
      async () => {
        const found: string[] = [];
        const info = await bus.jsm.streams.info(bus.streamName("ASSETS"));
        for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
          const message = await bus.jsm.streams
            .getMessage(bus.streamName("ASSETS"), { seq })
            .catch(() => null);
          if (message?.subject === subject) found.push(message.json<{ data: { id: string } }>().data.id);
        }
        return found.includes(session.assetId) ? found : undefined;
      },
      { what: "the concurrent finalise's event" },
    );
    expect(events.filter((id) => id === session.assetId)).toHaveLength(1);
    // Each finalise copied to its own key; only the winner's copy is left, and it is the recorded one.
    expect(await copiesOf(session.assetId)).toEqual([await recordedKey(session.assetId)]);
    await bus.close();
  });

  it("rejects a finalise with nothing uploaded", async () => {
    const session = await startUpload("image", "image/png");
    expect(await rejectionOf(session, undefined, { sizeBytes: 1000, width: 640, height: 480 })).toEqual([
      "object-missing",
    ]);
  });

  it("answers upload-expired after the session's expiry, leaving the asset pending", async () => {
    const bytes = pngImage(128, 128);
    const session = await startUpload("icon", "image/png");
    expect((await put(session, bytes)).status).toBe(200);
    clock.offsetMs = 15 * 60 * 1000 + 1_000;
    try {
      await expect(
        finalise(session, { sizeBytes: bytes.length, width: 128, height: 128 }),
      ).rejects.toMatchObject({
        code: "upload-expired",
      });
    } finally {
      clock.offsetMs = 0;
    }
    await expect(client.call("getAsset", { assetId: session.assetId }, ctx())).resolves.toMatchObject({
      status: "pending",
    });
  });

  it("keeps organisations apart: another organisation's asset is not found, batches return only the caller's", async () => {
    const bytes = pngImage(128, 128);
    const mine = await startUpload("icon", "image/png");
    await put(mine, bytes);
    const theirs = await startUpload("icon", "image/png", otherDeveloper);
    await put(theirs, bytes);
    const declared = { sizeBytes: bytes.length, width: 128, height: 128 };
    await expect(finalise(theirs, declared)).rejects.toMatchObject({ code: "not-found" });
    await expect(client.call("getAsset", { assetId: theirs.assetId }, ctx())).rejects.toMatchObject({
      code: "not-found",
    });
    await finalise(theirs, declared, otherDeveloper);
    await finalise(mine, declared);

    const pending = await startUpload("image", "image/png");
    const batch = await client.call(
      "getAssets",
      {
        assetIds: [
          pending.assetId,
          theirs.assetId,
          "not-a-guid",
          "0193a1b2-0000-7000-8000-000000000000",
          mine.assetId.toUpperCase(),
        ],
      },
      ctx(),
    );
    expect(batch.items.map((a) => [a.id, a.status])).toEqual([
      [pending.assetId, "pending"],
      [mine.assetId, "ready"],
    ]);
    expect(batch.items[0]?.url).toBe("");
    expect(batch.items[1]?.url).toMatch(/^http/);
  });

  it("asks for the developer role to upload, and checks the request", async () => {
    await expect(startUpload("icon", "image/png", provider)).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      client.call(
        "createUploadSession",
        { assetType: "icon", mimeType: "image/gif", fileName: "a/b" },
        ctx(),
      ),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.mimeType": expect.any(Array), "body.fileName": expect.any(Array) } },
    });
  });

  // s3rver 3.7 does not verify SigV4 signatures (its source: "Signature version 4 calculation is
  // unimplemented"), so a PUT with another Content-Type, or a tampered signature, is accepted here; the
  // binding is checked on the signed URL itself (s3-object-store.test.ts) and by finalise's magic bytes.
  // It does enforce X-Amz-Date + X-Amz-Expires, which this test relies on.
  it("refuses a PUT through an upload address older than 15 minutes", async () => {
    clock.offsetMs = -(15 * 60 * 1000 + 5_000);
    const session = await startUpload("icon", "image/png").finally(() => {
      clock.offsetMs = 0;
    });
    const result = await put(session, pngImage(128, 128));
    expect(result.status).toBe(403);
    expect(await exists(uploadKey(developer.organisationId, session.assetId))).toBe(false);
  });
});
