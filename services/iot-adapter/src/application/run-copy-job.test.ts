import { Readable } from "node:stream";
import { releaseCopyFailedV1, releaseStoredV1 } from "@mp/contracts";
import { NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { COPY_FAILURE_CODES, CopyFailure } from "../domain/copy-job";
import { limitBytes } from "../infra/byte-limit";
import {
  ctxOf,
  developer,
  fakeJobs,
  fakePlatform,
  fakeStore,
  fakeUnitOfWork,
  release,
} from "../testing/fakes";
import { ORG, OTHER_ORG } from "../testing/fixtures";
import { makeCopyReleaseBinary } from "./copy-release-binary";
import { makeGetRelease } from "./get-release";
import type { IotPlatform, ObjectStore } from "./ports";
import { makeRunCopyJob } from "./run-copy-job";

const now = new Date("2026-03-01T10:00:00.000Z");
const ITEM_RELEASE = "0193a5d0-1700-7000-8000-0000000000a1";
const keyOf = (org: string, itemRelease = ITEM_RELEASE) => `orgs/${org}/item-releases/${itemRelease}.bin`;
let seq = 0;

function setup(
  options: { platform?: IotPlatform; store?: ObjectStore; releases?: ReturnType<typeof release>[] } = {},
) {
  const fp = fakePlatform(
    options.releases ?? [
      release(),
      release({ releaseId: "bad-crc", crc32: 1 }),
      release({ releaseId: "bad-len", sizeBytes: 12 }),
      release({ releaseId: "theirs", organisationId: OTHER_ORG }),
    ],
  );
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
  const failure = () => {
    const event = uow.events.find((e) => e.type === releaseCopyFailedV1.type);
    return event ? releaseCopyFailedV1.data.parse(event.data).reason : undefined;
  };
  return { copy, run, runNext, jobs, uow, store, failure, woken: () => woken };
}

const request = (over = {}) => ({
  applicationId: 1,
  releaseId: "rel-1",
  itemReleaseId: ITEM_RELEASE,
  ...over,
});

/** A download of `size` bytes in 1 KiB chunks, limited like the platform adapter limits it. */
const oversized = (size: number) => async (maxBytes: number) =>
  limitBytes(Readable.from(Array.from({ length: size / 1024 }, () => Buffer.alloc(1024, 7))), maxBytes);

describe("CopyReleaseBinary", () => {
  it("queues one job per item release, keyed under the caller's organisation, and wakes the worker", async () => {
    const s = setup();
    const first = await s.copy(request({ itemReleaseId: ITEM_RELEASE.toUpperCase() }), ctxOf(developer()));
    const again = await s.copy(request({ releaseId: "bad-crc" }), ctxOf(developer()));
    expect(first.status).toBe("queued");
    expect(again.id).toBe(first.id);
    expect(s.jobs.jobs.size).toBe(1);
    expect(first).toMatchObject({
      organisationId: ORG,
      objectKey: keyOf(ORG),
      correlationId: ITEM_RELEASE,
      sizeBytes: 11,
      crc32: 0x0d4a1185,
    });
    expect(s.woken()).toBe(2);
  });

  it("keeps another organisation naming the same item release under its own prefix", async () => {
    const s = setup();
    const mine = await s.copy(request(), ctxOf(developer()));
    const theirs = await s.copy(request({ releaseId: "theirs" }), ctxOf(developer(OTHER_ORG)));
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.objectKey).toBe(keyOf(OTHER_ORG));
    expect(theirs.objectKey.startsWith(`orgs/${OTHER_ORG}/`)).toBe(true);
  });

  it("refuses a release the principal's organisation does not own", async () => {
    const s = setup();
    await expect(s.copy(request({ releaseId: "nope" }), ctxOf(developer()))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(s.copy(request({ releaseId: "theirs" }), ctxOf(developer()))).rejects.toMatchObject({
      code: "not-found",
    });
    expect(s.jobs.jobs.size).toBe(0);
  });

  it("refuses release ids that are no path segment and item release ids that are no guid", async () => {
    const s = setup();
    for (const releaseId of [".", "..", "a/b", "/", ""])
      await expect(s.copy(request({ releaseId }), ctxOf(developer()))).rejects.toMatchObject({
        code: "validation-failed",
        extensions: { errors: { "body.releaseId": [expect.any(String)] } },
      });
    for (const itemReleaseId of ["", "../x", `${ITEM_RELEASE}/..`, "items/a/releases/b.bin"])
      await expect(s.copy(request({ itemReleaseId }), ctxOf(developer()))).rejects.toMatchObject({
        code: "validation-failed",
        extensions: { errors: { "body.itemReleaseId": ["must be a guid"] } },
      });
    expect(s.jobs.jobs.size).toBe(0);
  });
});

describe("running a copy job", () => {
  it("stores the bytes at the derived key and emits iot.release.stored.v1 with the sha256", async () => {
    const s = setup();
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.store.objects.get(keyOf(ORG))?.toString()).toBe("hello world");
    const [event] = s.uow.events;
    expect(event?.type).toBe(releaseStoredV1.type);
    const data = releaseStoredV1.data.parse(event?.data);
    expect(data).toMatchObject({
      correlationId: ITEM_RELEASE,
      objectKey: keyOf(ORG),
      sizeBytes: 11,
      crc32: 0x0d4a1185,
      storedAt: now.toISOString(),
    });
    expect(data.sha256).toBe("b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9");
    expect([...s.jobs.jobs.values()][0]?.status).toBe("stored");
  });

  it("deletes the object and fails with checksum-mismatch or size-mismatch, without retry", async () => {
    for (const [releaseId, code] of [
      ["bad-crc", "checksum-mismatch"],
      ["bad-len", "size-mismatch"],
    ] as const) {
      const s = setup();
      await s.copy(request({ releaseId }), ctxOf(developer()));
      await s.runNext();
      expect(s.store.objects.size).toBe(0);
      expect(s.store.deleted).toEqual([keyOf(ORG)]);
      expect(s.jobs.retries).toHaveLength(0);
      expect(s.failure()).toBe(code);
      expect([...s.jobs.jobs.values()][0]).toMatchObject({ status: "failed", lastError: code });
    }
  });

  it("fails with too-large at once when the download runs past the advertised size", async () => {
    const fp = fakePlatform([release({ sizeBytes: 2048 })], oversized(64 * 1024));
    const s = setup({ platform: fp.platform });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.failure()).toBe("too-large");
    expect(s.jobs.retries).toHaveLength(0);
    expect(s.store.objects.size).toBe(0);
    expect(s.store.deleted).toEqual([keyOf(ORG)]);
  });

  it("fails with the platform adapter's code when it refuses the download (a redirect)", async () => {
    const fp = fakePlatform([release()], async () => {
      throw new CopyFailure("upstream-unavailable", "The IoT platform answered with a redirect (HTTP 302).");
    });
    const s = setup({ platform: fp.platform });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.failure()).toBe("upstream-unavailable");
    expect(s.jobs.retries).toHaveLength(0);
  });

  it("retries transient failures with backoff under a fixed code, then gives up with retries-exhausted", async () => {
    const fp = fakePlatform([release()], async () => {
      throw new UpstreamUnavailableError("The IoT platform is unavailable (HTTP 503) at 10.0.0.7.");
    });
    const s = setup({ platform: fp.platform });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    await s.runNext();
    expect(s.jobs.retries).toEqual([
      { id: expect.any(String), reason: "upstream-unavailable", delayMs: 1000 },
      { id: expect.any(String), reason: "upstream-unavailable", delayMs: 2000 },
    ]);
    expect(s.uow.events).toHaveLength(0);
    await s.runNext();
    expect(s.failure()).toBe("retries-exhausted");
    expect([...s.jobs.jobs.values()][0]?.lastError).toBe("retries-exhausted");
  });

  it("fails at once with not-found when the release binary is gone", async () => {
    const fp = fakePlatform([release()], async () => {
      throw new NotFoundError("IoT release binary");
    });
    const s = setup({ platform: fp.platform });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.uow.events.map((e) => e.type)).toEqual([releaseCopyFailedV1.type]);
    expect(s.failure()).toBe("not-found");
  });

  it("retries a failed upload as storage-error, never storing the exception's text", async () => {
    const broken: ObjectStore = {
      putMeasured: async () => {
        throw new Error("S3 503 SlowDown at http://minio.internal:9000/bucket?X-Amz-Credential=AKID");
      },
      delete: async () => {},
    };
    const s = setup({ store: broken });
    await s.copy(request(), ctxOf(developer()));
    await s.runNext();
    expect(s.jobs.retries).toEqual([{ id: expect.any(String), reason: "storage-error", delayMs: 1000 }]);
    expect([...s.jobs.jobs.values()][0]?.lastError).toBe("storage-error");
    await s.runNext();
    await s.runNext();
    expect(COPY_FAILURE_CODES).toContain(s.failure());
  });

  it("leaves a copy another worker stored alone when a stale attempt fails", async () => {
    const s = setup({ releases: [release({ crc32: 1 })] });
    await s.copy(request(), ctxOf(developer()));
    const stale = await s.jobs.repo.claimNext(1000);
    const job = s.jobs.jobs.get(stale?.id ?? "");
    if (!stale || !job) throw new Error("no job");
    job.status = "stored";
    s.store.objects.set(keyOf(ORG), Buffer.from("verified elsewhere"));
    await s.run(stale);
    expect(s.store.deleted).toEqual([]);
    expect(s.uow.events).toHaveLength(0);
  });
});
