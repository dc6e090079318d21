import { Readable } from "node:stream";
import type { EventEnvelope } from "@mp/bus";
import type { Principal } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import type {
  CopyJobRepository,
  IotPlatform,
  NewCopyJob,
  ObjectStore,
  UnitOfWork,
} from "../application/ports";
import type { CopyJob, Measured } from "../domain/copy-job";
import type { IotRelease } from "../domain/release";
import { ORG } from "./fixtures";

export const developer = (organisationId = ORG): Principal => ({
  subject: "dev-1",
  organisationId,
  roles: ["developer"],
  via: "jwt",
});

export const ctxOf = (principal: Principal | undefined): CallContext => ({
  principal,
  requestId: "r1",
  signal: new AbortController().signal,
  logger: testLogger(),
});

export const release = (over: Partial<IotRelease> = {}): IotRelease => ({
  releaseId: "rel-1",
  applicationId: 1,
  organisationId: ORG,
  version: "1.0.0+00000001",
  board: { id: "b", name: "B", target: "t" },
  sizeBytes: 11,
  crc32: 0x0d4a1185,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

/** The one device the fake platform knows. */
export const FAKE_DEVICE = {
  deviceId: "00112233445566aa",
  organisationId: "0193a1b2-0000-7000-8000-0000000000d1",
  boardId: "0193a1b2-0000-7000-8000-0000000000b1",
};

/** A platform holding the given releases; every call is recorded with the organisation it was made for. */
export function fakePlatform(
  releases: IotRelease[],
  download: (maxBytes: number) => Promise<Readable> = async () => Readable.from([Buffer.from("hello world")]),
) {
  const calls: string[] = [];
  const platform: IotPlatform = {
    listApplications: async (org) => {
      calls.push(`listApplications ${org}`);
      return { items: [], hasMore: false };
    },
    getApplication: async (org, id) => {
      calls.push(`getApplication ${org} ${id}`);
      throw new NotFoundError("IoT application");
    },
    listReleases: async (org, id) => {
      calls.push(`listReleases ${org} ${id}`);
      return { items: releases, hasMore: false };
    },
    getRelease: async (org, _id, releaseId) => {
      calls.push(`getRelease ${org} ${releaseId}`);
      const found = releases.find((r) => r.releaseId === releaseId);
      if (!found) throw new NotFoundError("IoT release");
      return found;
    },
    downloadRelease: (_releaseId, maxBytes) => download(maxBytes),
    deviceOwner: async (deviceId) => {
      calls.push(`deviceOwner ${deviceId}`);
      return deviceId === FAKE_DEVICE.deviceId
        ? { organisationId: FAKE_DEVICE.organisationId, boardId: FAKE_DEVICE.boardId }
        : null;
    },
  };
  return { platform, calls };
}

/** In-memory copy jobs with the repository's semantics (unique correlation id per organisation). */
export function fakeJobs() {
  const jobs = new Map<string, CopyJob>();
  const retries: { id: string; reason: string; delayMs: number }[] = [];
  const repo: CopyJobRepository = {
    async insertOrGet(job: NewCopyJob) {
      const existing = [...jobs.values()].find(
        (j) => j.organisationId === job.organisationId && j.correlationId === job.correlationId,
      );
      if (existing) return existing;
      const created: CopyJob = {
        ...job,
        status: "queued",
        attempts: 0,
        lastError: null,
        sha256: null,
        updatedAt: job.createdAt,
      };
      jobs.set(job.id, created);
      return created;
    },
    async claimNext() {
      const job = [...jobs.values()].find((j) => j.status === "queued");
      if (job) job.attempts++;
      return job ? { ...job } : undefined;
    },
    async markStored(_tx, id, measured: Measured) {
      const job = jobs.get(id);
      if (job?.status !== "queued") return false;
      Object.assign(job, { status: "stored", sha256: measured.sha256 });
      return true;
    },
    async markFailed(_tx, id, reason) {
      const job = jobs.get(id);
      if (job?.status !== "queued") return false;
      Object.assign(job, { status: "failed", lastError: reason });
      return true;
    },
    async scheduleRetry(id, reason, delayMs) {
      retries.push({ id, reason, delayMs });
      const job = jobs.get(id);
      if (job) job.lastError = reason;
    },
  };
  return { repo, jobs, retries };
}

export function fakeUnitOfWork() {
  const events: EventEnvelope[] = [];
  const uow: UnitOfWork = {
    run: async (work) => {
      const pending: EventEnvelope[] = [];
      const result = await work({} as PoolClient, async (e) => {
        pending.push(e);
      });
      events.push(...pending);
      return result;
    },
  };
  return { uow, events };
}

/** A bucket in memory that measures like the real one; `deleted` records every delete. */
export function fakeStore(fail?: () => Error | undefined) {
  const objects = new Map<string, Buffer>();
  const deleted: string[] = [];
  const store: ObjectStore = {
    async putMeasured(key, body) {
      const error = fail?.();
      if (error) throw error;
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      const bytes = Buffer.concat(chunks);
      objects.set(key, bytes);
      const { createMeter } = await import("../infra/s3-object-store");
      const meter = createMeter();
      meter.stream.end(bytes);
      meter.stream.resume();
      await new Promise((r) => meter.stream.on("end", r));
      return meter.result();
    },
    async delete(key) {
      deleted.push(key);
      objects.delete(key);
    },
  };
  return { store, objects, deleted };
}
