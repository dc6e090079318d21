import { createHash } from "node:crypto";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { Bus } from "@mp/bus";
import { type IotAdapterProto, type Principal, releaseCopyFailedV1, releaseStoredV1 } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import {
  DEMO_APPLICATIONS,
  demoSeed,
  makeRelease,
  mismatchFile,
  type RunningSimulator,
  releaseBytes,
  startSimulator,
} from "@mp/local/simulator";
import { testLogger } from "@mp/logger";
import type { RunningService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseObjectKey } from "./domain/copy-job";
import { InfuseClient } from "./infra/infuse/infuse.client";
import { controlSimulator, probeBus, startAdapter } from "./testing/adapter-stack";
import { startHttpStub } from "./testing/http-stub";

const developer: Principal = {
  subject: "dev-1",
  organisationId: DEMO_ORGANISATIONS.developer.id,
  roles: ["developer"],
  via: "jwt",
};
const provider: Principal = { ...developer, subject: "p-1", organisationId: DEMO_ORGANISATIONS.provider.id };
const stranger: Principal = {
  ...developer,
  subject: "s-1",
  organisationId: "0193a5d0-5700-7000-8000-00000000000f",
};
const API_KEY = "ik_marketplace_test";
const APP = DEMO_APPLICATIONS.assetTracker;

const seed = demoSeed();
const good = seed.releases.find((r) => r.applicationId === APP);
if (!good) throw new Error("the demo seed has no asset tracker release");
const { file: _file, boardTargetCRC: _crc, ...goodInput } = good;
const badCrc = mismatchFile(makeRelease({ ...goodInput, id: "bad0crc0release00000000a" }), "crc");
const tooBig = mismatchFile(makeRelease({ ...goodInput, id: "too0big0release00000000a" }), "oversized");
seed.releases.push(badCrc, tooBig);

/** A fourth organisation with a release of its own: it can copy, but only under its own prefix. */
const rival: Principal = {
  ...developer,
  subject: "r-1",
  organisationId: "0193a5d0-5700-7000-8000-0000000000aa",
};
const RIVAL_APP = 0x7001;
const rivalInput = { ...goodInput, applicationId: RIVAL_APP, organisationId: rival.organisationId };
const rivalGood = makeRelease({ ...rivalInput, id: "rival0good0release000000a" });
const rivalBad = mismatchFile(makeRelease({ ...rivalInput, id: "rival0bad0release0000000a" }), "crc");
seed.organisations.push({
  id: rival.organisationId,
  name: "Rival",
  createdAt: good.createdAt,
  updatedAt: good.createdAt,
});
seed.applications.push({
  id: RIVAL_APP,
  name: "Rival app",
  description: "Another organisation's application",
  organisationId: rival.organisationId,
  createdAt: good.createdAt,
  updatedAt: good.createdAt,
});
seed.releases.push(rivalGood, rivalBad);

/** Item release ids (publishing's guids) the tests copy for. */
const itemRelease = (n: number) => `0193a5d0-1700-7000-8000-${n.toString(16).padStart(12, "0")}`;

let infra: TestInfra;
let mesh: TestMesh;
let simulator: RunningSimulator;
let service: RunningService;
let bus: Bus;
let s3: S3Client;
/** Where the redirecting release points: records whether anything (a credential) ever arrives. */
let elsewhere: Awaited<ReturnType<typeof startHttpStub>>;

const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace.iotadapter
  .v1;

beforeAll(async () => {
  infra = await freshInfra("iot_adapter");
  elsewhere = await startHttpStub((_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.end(releaseBytes(good));
  });
  seed.releases.push({
    ...makeRelease({ ...goodInput, id: "redirect0release00000000a" }),
    downloadRedirect: `${elsewhere.url}/cdn/release.bin`,
  });
  mesh = await ephemeralMesh();
  simulator = await startSimulator({ port: 0, seed, apiKey: API_KEY, controlEnabled: true });
  service = await startAdapter(
    infra,
    mesh,
    { url: simulator.url, apiKey: API_KEY },
    {
      INFUSE_TIMEOUT_MS: "2500",
      INFUSE_DOWNLOAD_TIMEOUT_MS: "1000",
      INFUSE_BREAKER_THRESHOLD: "3",
      INFUSE_BREAKER_RESET_MS: "500",
      COPY_POLL_MS: "100",
    },
  );
  bus = await probeBus(infra);
  s3 = new S3Client({
    endpoint: infra.s3.endpoint,
    region: infra.s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: infra.s3.accessKeyId, secretAccessKey: infra.s3.secretAccessKey },
  });
});

afterAll(async () => {
  s3?.destroy();
  await bus?.close();
  await service?.stop();
  await simulator?.stop();
  await elsewhere?.stop();
  await infra?.cleanup();
});

const client = () =>
  createUnaryClient(proto.IotAdapterService, `127.0.0.1:${service.grpcPort}`, {
    upstream: "iot-adapter",
    identity: mesh.gateway,
  });
const as = (principal: Principal) => ({ principal, requestId: "r" });

async function bytesAt(key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: infra.s3.bucket, Key: key }));
  return Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()));
}

async function listKeys(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: infra.s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
}

/** The simulator's control routes (outside the platform's paths). */
const control = (route: string, body: unknown) => controlSimulator(simulator, route, body);

/** The last event of a type on the IOT stream whose data matches, once it has been relayed. */
async function eventOf<T>(type: string, match: (data: T) => boolean): Promise<T> {
  return waitFor(
    async () => {
      const info = await bus.jsm.streams.info(bus.streamName("IOT")).catch(() => undefined);
      const last = info?.state.last_seq ?? 0;
      for (let seq = last; seq >= 1; seq--) {
        const message = await bus.jsm.streams
          .getMessage(bus.streamName("IOT"), { seq })
          .catch(() => undefined);
        const envelope = message?.json<{ type: string; data: T }>();
        if (envelope?.type === type && match(envelope.data)) return envelope.data;
      }
      return undefined;
    },
    { what: `${type} on the IOT stream`, timeoutMs: 20_000 },
  );
}

describe("iot-adapter against the Infuse-IoT simulator (real PostgreSQL, NATS, S3)", () => {
  it("lists and reads the developer organisation's applications and releases", async () => {
    const c = client();
    const page = await c.call("listApplications", { limit: 2, offset: 0 }, as(developer));
    expect(page.items).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    expect(page.items[0]).toMatchObject({ applicationId: APP, organisationId: developer.organisationId });
    const rest = await c.call("listApplications", { limit: 100, offset: 2 }, as(developer));
    expect(rest.hasMore).toBe(false);
    expect(page.items.length + rest.items.length).toBe(
      seed.applications.filter((a) => a.organisationId === developer.organisationId).length,
    );

    const app = await c.call("getApplication", { applicationId: APP }, as(developer));
    expect(app).toMatchObject({ name: "Asset tracker", createdAt: expect.stringMatching(/\.\d{3}Z$/) });

    const releases = await c.call(
      "listReleases",
      { applicationId: APP, limit: 100, offset: 0 },
      as(developer),
    );
    expect(releases.items.length).toBeGreaterThan(1);
    const read = await c.call("getRelease", { applicationId: APP, releaseId: good.id }, as(developer));
    const v = good.version;
    expect(read).toMatchObject({
      releaseId: good.id,
      applicationId: APP,
      version: `${v.major}.${v.minor}.${v.revision}+${v.buildNum.toString(16).padStart(8, "0")}`,
      board: {
        id: good.boardId,
        name: seed.boards.find((b) => b.id === good.boardId)?.name,
        target: good.boardTarget,
      },
      sizeBytes: String(good.file.len),
      crc32: good.file.crc,
    });
    expect(releases.items.map((r) => r.releaseId)).toContain(good.id);
    c.close();
  });

  it("answers a device's owner to purchases (calling as itself) from the platform, and to nobody else", async () => {
    const device = seed.devices[0]!;
    const purchases = createUnaryClient(proto.IotAdapterService, `127.0.0.1:${service.grpcPort}`, {
      upstream: "iot-adapter",
      identity: mesh.signer("purchases"),
    });
    const owner = await purchases.call(
      "getDeviceOwner",
      { deviceId: device.deviceId.toUpperCase() },
      { requestId: "r" },
    );
    expect(owner).toEqual({
      deviceId: device.deviceId.toLowerCase(),
      found: true,
      organisationId: device.organisationId,
      boardId: device.boardId,
    });
    await expect(
      purchases.call("getDeviceOwner", { deviceId: "00000000000000ff" }, { requestId: "r" }),
    ).resolves.toMatchObject({ found: false, organisationId: "" });
    purchases.close();
    const c = client();
    await expect(c.call("getDeviceOwner", { deviceId: device.deviceId }, as(provider))).rejects.toMatchObject(
      {
        code: "forbidden",
      },
    );
    c.close();
  });

  it("scopes everything to the principal's organisation", async () => {
    const c = client();
    await expect(c.call("listApplications", {}, as(provider))).resolves.toMatchObject({
      items: [],
      hasMore: false,
    });
    await expect(c.call("listApplications", {}, as(stranger))).resolves.toMatchObject({ items: [] });
    for (const principal of [provider, stranger]) {
      await expect(c.call("getApplication", { applicationId: APP }, as(principal))).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(
        c.call("getRelease", { applicationId: APP, releaseId: good.id }, as(principal)),
      ).rejects.toMatchObject({ code: "not-found" });
      await expect(
        c.call(
          "copyReleaseBinary",
          { applicationId: APP, releaseId: good.id, itemReleaseId: itemRelease(0xf) },
          as(principal),
        ),
      ).rejects.toMatchObject({ code: "not-found" });
    }
    const otherApp = seed.releases.find(
      (r) => r.applicationId !== APP && r.organisationId === developer.organisationId,
    );
    await expect(
      c.call("getRelease", { applicationId: APP, releaseId: otherApp?.id ?? "none" }, as(developer)),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(c.call("listApplications", { limit: 101 }, as(developer))).rejects.toMatchObject({
      code: "validation-failed",
    });
    c.close();
  });

  it("copies a release binary into S3, verified, with its sha256, and emits iot.release.stored.v1", async () => {
    const c = client();
    const objectKey = releaseObjectKey(developer.organisationId, itemRelease(1));
    const request = { applicationId: APP, releaseId: good.id, itemReleaseId: itemRelease(1) };
    const queued = await c.call("copyReleaseBinary", request, as(developer));
    expect(queued).toMatchObject({ status: "queued", objectKey });
    expect(objectKey).toBe(`orgs/${developer.organisationId}/item-releases/${itemRelease(1)}.bin`);
    const again = await c.call("copyReleaseBinary", request, as(developer));
    expect(again.jobId).toBe(queued.jobId);

    const event = await eventOf<{ jobId: string; sha256: string }>(
      releaseStoredV1.type,
      (d) => d.jobId === queued.jobId,
    );
    const expected = releaseBytes(good);
    const sha256 = createHash("sha256").update(expected).digest("hex");
    expect(releaseStoredV1.data.parse(event)).toMatchObject({
      correlationId: itemRelease(1),
      organisationId: developer.organisationId,
      releaseId: good.id,
      objectKey,
      sizeBytes: good.file.len,
      crc32: good.file.crc,
      sha256,
    });
    expect(await bytesAt(objectKey)).toEqual(expected);
    const { rows } = await service.pool.query(
      "SELECT status, sha256, attempts FROM copy_jobs WHERE id = $1",
      [queued.jobId],
    );
    expect(rows[0]).toEqual({ status: "stored", sha256, attempts: 1 });
    const done = await c.call("copyReleaseBinary", request, as(developer));
    expect(done).toEqual({ jobId: queued.jobId, status: "stored", objectKey });
    c.close();
  });

  it("never lets a request naming another organisation's item release write or delete under its prefix", async () => {
    const c = client();
    const mineKey = (n: number) => releaseObjectKey(developer.organisationId, itemRelease(n));
    for (const n of [0x21, 0x22]) {
      const job = await c.call(
        "copyReleaseBinary",
        { applicationId: APP, releaseId: good.id, itemReleaseId: itemRelease(n) },
        as(developer),
      );
      await eventOf<{ jobId: string }>(releaseStoredV1.type, (d) => d.jobId === job.jobId);
    }
    const before = await listKeys(`orgs/${developer.organisationId}/`);

    // The rival names the developer's item releases: one copy succeeds (an overwrite, were the key the
    // caller's), one fails verification (a delete, were the key the caller's).
    const overwrite = await c.call(
      "copyReleaseBinary",
      { applicationId: RIVAL_APP, releaseId: rivalGood.id, itemReleaseId: itemRelease(0x21) },
      as(rival),
    );
    const remove = await c.call(
      "copyReleaseBinary",
      { applicationId: RIVAL_APP, releaseId: rivalBad.id, itemReleaseId: itemRelease(0x22) },
      as(rival),
    );
    await eventOf<{ jobId: string }>(releaseStoredV1.type, (d) => d.jobId === overwrite.jobId);
    await eventOf<{ jobId: string }>(releaseCopyFailedV1.type, (d) => d.jobId === remove.jobId);

    expect(overwrite.objectKey).toBe(releaseObjectKey(rival.organisationId, itemRelease(0x21)));
    expect(await bytesAt(overwrite.objectKey)).toEqual(releaseBytes(rivalGood));
    expect(await listKeys(`orgs/${developer.organisationId}/`)).toEqual(before);
    expect(before).toEqual(expect.arrayContaining([mineKey(0x21), mineKey(0x22)]));
    expect(await bytesAt(mineKey(0x21))).toEqual(releaseBytes(good));
    expect(await bytesAt(mineKey(0x22))).toEqual(releaseBytes(good));
    expect(await listKeys(`orgs/${rival.organisationId}/`)).toEqual([overwrite.objectKey]);
    c.close();
  });

  it("refuses release ids that are no path segment and item release ids that are no guid", async () => {
    const c = client();
    for (const releaseId of [".", "..", `${good.id}/..`])
      await expect(
        c.call(
          "copyReleaseBinary",
          { applicationId: APP, releaseId, itemReleaseId: itemRelease(3) },
          as(developer),
        ),
      ).rejects.toMatchObject({ code: "validation-failed" });
    await expect(
      c.call("getRelease", { applicationId: APP, releaseId: ".." }, as(developer)),
    ).rejects.toMatchObject({ code: "validation-failed" });
    await expect(
      c.call(
        "copyReleaseBinary",
        { applicationId: APP, releaseId: good.id, itemReleaseId: "../../orgs/x" },
        as(developer),
      ),
    ).rejects.toMatchObject({ code: "validation-failed" });
    c.close();
  });

  it("fails a copy whose bytes do not match the advertised CRC32 with checksum-mismatch, leaving no object", async () => {
    const c = client();
    const queued = await c.call(
      "copyReleaseBinary",
      { applicationId: APP, releaseId: badCrc.id, itemReleaseId: itemRelease(4) },
      as(developer),
    );
    const event = await eventOf<{ jobId: string; reason: string }>(
      releaseCopyFailedV1.type,
      (d) => d.jobId === queued.jobId,
    );
    expect(releaseCopyFailedV1.data.parse(event).reason).toBe("checksum-mismatch");
    expect(await listKeys(queued.objectKey)).toEqual([]);
    const { rows } = await service.pool.query(
      "SELECT status, attempts, last_error FROM copy_jobs WHERE id = $1",
      [queued.jobId],
    );
    expect(rows[0]).toEqual({ status: "failed", attempts: 1, last_error: "checksum-mismatch" });
    c.close();
  });

  it("cuts off a download that runs past the advertised size: too-large, no object, no retry", async () => {
    const c = client();
    const queued = await c.call(
      "copyReleaseBinary",
      { applicationId: APP, releaseId: tooBig.id, itemReleaseId: itemRelease(5) },
      as(developer),
    );
    const event = await eventOf<{ jobId: string; reason: string }>(
      releaseCopyFailedV1.type,
      (d) => d.jobId === queued.jobId,
    );
    expect(releaseCopyFailedV1.data.parse(event).reason).toBe("too-large");
    expect(await listKeys(queued.objectKey)).toEqual([]);
    const { rows } = await service.pool.query("SELECT attempts, last_error FROM copy_jobs WHERE id = $1", [
      queued.jobId,
    ]);
    expect(rows[0]).toEqual({ attempts: 1, last_error: "too-large" });
    c.close();
  });

  it("does not follow a redirected download: the credential never leaves, the copy fails with a code", async () => {
    const c = client();
    const redirected = seed.releases.find((r) => r.downloadRedirect !== undefined);
    if (!redirected) throw new Error("no redirecting release in the seed");
    const queued = await c.call(
      "copyReleaseBinary",
      { applicationId: APP, releaseId: redirected.id, itemReleaseId: itemRelease(6) },
      as(developer),
    );
    const event = await eventOf<{ jobId: string; reason: string }>(
      releaseCopyFailedV1.type,
      (d) => d.jobId === queued.jobId,
    );
    expect(releaseCopyFailedV1.data.parse(event).reason).toBe("upstream-unavailable");
    expect(elsewhere.requests).toEqual([]);
    expect(await listKeys(queued.objectKey)).toEqual([]);
    c.close();
  });

  it("reports a refused marketplace credential as upstream-unavailable", async () => {
    const wrong = new InfuseClient({
      baseUrl: simulator.url,
      apiKey: "ik_not_the_key",
      logger: testLogger(),
    });
    await expect(wrong.getApplication(developer.organisationId, APP)).rejects.toMatchObject({
      code: "upstream-unavailable",
      message: expect.stringMatching(/refused the marketplace's credential/),
    });
    const right = new InfuseClient({ baseUrl: simulator.url, apiKey: API_KEY, logger: testLogger() });
    await expect(right.getApplication(developer.organisationId, APP)).resolves.toMatchObject({ id: APP });
  });

  it("retries a copy whose download timed out, and stores it on the next attempt", async () => {
    const c = client();
    const second = seed.releases.find((r) => r.applicationId === APP && r.id !== good.id);
    if (!second) throw new Error("the demo seed has one asset tracker release only");
    const slow = (delayMs: number) => control("outage", { status: 0, delayMs });
    await slow(1_500); // JSON calls (2.5 s timeout) still answer; the download (1 s timeout) does not
    let jobId = "";
    try {
      const queued = await c.call(
        "copyReleaseBinary",
        { applicationId: APP, releaseId: second.id, itemReleaseId: itemRelease(7) },
        as(developer),
      );
      jobId = queued.jobId;
      await waitFor(
        async () => {
          const { rows } = await service.pool.query("SELECT last_error FROM copy_jobs WHERE id = $1", [
            jobId,
          ]);
          return rows[0]?.last_error ?? undefined;
        },
        { what: "the first attempt to fail" },
      );
    } finally {
      await slow(0);
    }
    await eventOf<{ jobId: string }>(releaseStoredV1.type, (d) => d.jobId === jobId);
    const { rows } = await service.pool.query("SELECT status, attempts FROM copy_jobs WHERE id = $1", [
      jobId,
    ]);
    expect(rows[0]).toEqual({ status: "stored", attempts: 2 });
    c.close();
  });

  it("answers upstream-unavailable during a platform outage, opens the breaker, and recovers", async () => {
    const c = client();
    const outage = (status: number) => control("outage", { status });
    await outage(503);
    try {
      await expect(c.call("getApplication", { applicationId: APP }, as(developer))).rejects.toMatchObject({
        code: "upstream-unavailable",
        retryAfterSeconds: 5,
      });
      await expect(c.call("getApplication", { applicationId: APP }, as(developer))).rejects.toMatchObject({
        code: "upstream-unavailable",
        message: expect.stringMatching(/circuit open/),
      });
    } finally {
      await outage(0);
    }
    const back = await waitFor(
      () => c.call("getApplication", { applicationId: APP }, as(developer)).catch(() => undefined),
      { what: "the breaker to close again", timeoutMs: 5_000 },
    );
    expect(back.applicationId).toBe(APP);
    c.close();
  });
});
