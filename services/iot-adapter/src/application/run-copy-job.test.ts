import { Readable } from "node:stream";
import { releaseCopyFailedV1, releaseStoredV1 } from "@mp/contracts";
import { UpstreamUnavailableError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import {
  ctxOf,
  developer,
  fakeJobs,
  fakePlatform,
  fakeStore,
  fakeUnitOfWork,
  release,
} from "../testing/fakes";
import { makeCopyReleaseBinary } from "./copy-release-binary";
import { makeGetRelease } from "./get-release";
import type { IotPlatform, ObjectStore } from "./ports";
import { makeRunCopyJob } from "./run-copy-job";

const now = new Date("2026-03-01T10:00:00.000Z");
let seq = 0;

function setup(
  options: { platform?: IotPlatform; store?: ObjectStore; releases?: ReturnType<typeof release>[] } = {},
) {
  const fp = fakePlatform(options.releases ?? [release(), release({ releaseId: "bad-crc", crc32: 1 })]);
  const platform = options.platform ?? fp.platform;
  const jobs = fakeJobs();
  const uow = fakeUnitOfWork();
  const store = fakeStore();
  let woken = 0;
  const copy = makeCopyReleaseBinary({
    getRelease: makeGetRelease({ platform }),
    jobs: jobs.repo,
    clock: { now: () => now },
    ids: { next: () => `0193a5d0-0000-7000-8000-${String(++seq).padStart(12, "0")}` },
    wake: () => woken++,
  });
  const run = makeRunCopyJob({
    platform,
    store: options.store ?? store.store,
    jobs: jobs.repo,
    unitOfWork: uow.uow,
    clock: { now: () => now },
    retry: { maxAttempts: 3, delayMs: (n) => n * 1000 },
    logger: testLogger(),
  });
  const runNext = async () => {
    const job = await jobs.repo.claimNext(1000);
    if (!job) throw new Error("no job");
    await run(job);
  };
  return { copy, runNext, jobs, uow, store, woken: () => woken };
}

const request = (over = {}) => ({
  applicationId: 1,
  releaseId: "rel-1",
  objectKey: "items/i1/releases/r1.bin",
  correlationId: "ir-1",
  ...over,
});

describe("CopyReleaseBinary", () => {
  it("queues one job per correlation id and wakes the worker", async () => {
    const s = setup();
    const first = await s.copy(request(), ctxOf(developer()));
    const again = await s.copy(request({ objectKey: "elsewhere" }), ctxOf(developer()));
    expect(first.status).toBe("queued");
    expect(again.id).toBe(first.id);
    expect(s.jobs.jobs.size).toBe(1);
    expect(first).toMatchObject({
      organisationId: developer().organisationId,
      sizeBytes: 11,
      crc32: 0x0d4a1185,
    });
    expect(s.woken()).toBe(2);
  });

  it("refuses a release the principal's organisation does not own, and bad keys", async () => {
    const s = setup();
    await expect(s.copy(request({ releaseId: "nope" }), ctxOf(developer()))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(s.copy(request({ objectKey: "" }), ctxOf(developer()))).rejects.toMatchObject({
      code: "validation-failed",
    });
    expect(s.jobs.jobs.size).toBe(0);
  });
});

describe("running a copy job", () => {
  it("stores the bytes and emits iot.release.stored.v1 with the sha256", async () => {
    const s = setup();
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.store.objects.get("items/i1/releases/r1.bin")?.toString()).toBe("hello world");
    const [event] = s.uow.events;
    expect(event?.type).toBe(releaseStoredV1.type);
    const data = releaseStoredV1.data.parse(event?.data);
    expect(data).toMatchObject({
      correlationId: "ir-1",
      sizeBytes: 11,
      crc32: 0x0d4a1185,
      storedAt: now.toISOString(),
    });
    expect(data.sha256).toBe("b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9");
    expect([...s.jobs.jobs.values()][0]?.status).toBe("stored");
  });

  it("deletes the object and fails without retry on a CRC mismatch", async () => {
    const s = setup();
    await s.copy(request({ releaseId: "bad-crc" }), ctxOf(developer()));
    await s.runNext();
    expect(s.store.objects.size).toBe(0);
    expect(s.jobs.retries).toHaveLength(0);
    const [event] = s.uow.events;
    expect(event?.type).toBe(releaseCopyFailedV1.type);
    expect(releaseCopyFailedV1.data.parse(event?.data).reason).toMatch(/^CRC32 mismatch/);
  });

  it("retries transient failures with backoff, then gives up with copy-failed", async () => {
    const fp = fakePlatform([release()], async () => {
      throw new UpstreamUnavailableError("The IoT platform is unavailable (HTTP 503).");
    });
    const s = setup({ platform: fp.platform });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    await s.runNext();
    expect(s.jobs.retries.map((r) => r.delayMs)).toEqual([1000, 2000]);
    expect(s.uow.events).toHaveLength(0);
    await s.runNext();
    const [event] = s.uow.events;
    expect(event?.type).toBe(releaseCopyFailedV1.type);
    expect(releaseCopyFailedV1.data.parse(event?.data).reason).toMatch(/^gave up after 3 attempts/);
  });

  it("fails at once when the release binary is gone", async () => {
    const { NotFoundError } = await import("@mp/errors");
    const fp = fakePlatform([release()], async () => {
      throw new NotFoundError("IoT release binary");
    });
    const s = setup({ platform: fp.platform });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.uow.events.map((e) => e.type)).toEqual([releaseCopyFailedV1.type]);
  });

  it("a failed upload is transient too", async () => {
    const fp = fakePlatform([release()], async () => Readable.from([Buffer.from("hello world")]));
    const broken: ObjectStore = {
      putMeasured: async () => {
        throw new Error("S3 503 SlowDown");
      },
      delete: async () => {},
    };
    const s = setup({ platform: fp.platform, store: broken });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.jobs.retries).toEqual([{ id: expect.any(String), error: "S3 503 SlowDown", delayMs: 1000 }]);
  });
});
