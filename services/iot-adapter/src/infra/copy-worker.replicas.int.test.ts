import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { releaseStoredV1 } from "@mp/contracts";
import type { Pool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { makeUnitOfWork, systemClock } from "@mp/runtime";
import { waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { makeRunCopyJob } from "../application/run-copy-job";
import { fakePlatform, release } from "../testing/fakes";
import { ORG } from "../testing/fixtures";
import { useAdapterReplicaPools } from "../testing/replica-pools";
import { makeCopyJobRepository } from "./copy-job.repository";
import { type CopyWorker, startCopyWorker } from "./copy-worker";
import { createS3Client, makeS3ObjectStore } from "./s3-object-store";

/**
 * Two replicas of the copy worker, each with its own pool, on one real schema and the real S3 store: every
 * job is downloaded, stored and announced once, also when a third replica dies holding a job's lease.
 * The platform is a fake whose downloads take a while, so the replicas' claims overlap running jobs.
 */
const DOWNLOAD_MS = 60;

/** Runs of each job on any replica: started, running now, and the most running at once. */
const runs = new Map<string, number>();
const running = new Map<string, number>();
const mostAtOnce = new Map<string, number>();

const pools = useAdapterReplicaPools("iot_copy_replicas", 2);
const replicaPool = pools.pool;

/** A replica's attempt at a job, as buildIotAdapter wires it: its pool, S3 client and `download`. */
function copyRunner(name: string, pool: Pool, download: () => Promise<Readable>) {
  const s3 = createS3Client({
    S3_ENDPOINT: pools.infra.s3.endpoint,
    S3_REGION: pools.infra.s3.region,
    S3_ACCESS_KEY_ID: pools.infra.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: pools.infra.s3.secretAccessKey,
    S3_BUCKET: pools.infra.s3.bucket,
  });
  return makeRunCopyJob({
    platform: fakePlatform([release()], download).platform,
    store: makeS3ObjectStore(s3, pools.infra.s3.bucket),
    jobs: makeCopyJobRepository(pool),
    unitOfWork: makeUnitOfWork(pool),
    clock: systemClock,
    logger: testLogger(name),
    retry: { maxAttempts: 3, delayMs: () => 50 },
  });
}

/** One replica's copy worker: its own pool, S3 client and worker loop, as buildIotAdapter wires them. */
function startReplica(name: string, leaseMs: number): { worker: CopyWorker; ran: string[] } {
  const pool = replicaPool(name);
  const ran: string[] = [];
  const runCopyJob = copyRunner(name, pool, async () => {
    await sleep(DOWNLOAD_MS);
    return Readable.from([Buffer.from("hello world")]);
  });
  const worker = startCopyWorker({
    jobs: makeCopyJobRepository(pool),
    logger: testLogger(name),
    pollMs: 20,
    leaseMs,
    runCopyJob: async (job, signal) => {
      ran.push(job.id);
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      running.set(job.id, (running.get(job.id) ?? 0) + 1);
      mostAtOnce.set(job.id, Math.max(running.get(job.id) ?? 0, mostAtOnce.get(job.id) ?? 0));
      try {
        await runCopyJob(job, signal);
      } finally {
        running.set(job.id, (running.get(job.id) ?? 1) - 1);
      }
    },
  });
  return { worker, ran };
}

async function queueJobs(pool: Pool, n: number): Promise<string[]> {
  const jobs = makeCopyJobRepository(pool);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = uuidv7();
    await jobs.insertOrGet({
      id,
      organisationId: ORG,
      applicationId: 1,
      releaseId: "rel-1",
      objectKey: `replicas/${id}.bin`,
      correlationId: `replicas-${id}`,
      sizeBytes: 11,
      crc32: 0x0d4a1185,
      createdAt: new Date(),
    });
    ids.push(id);
  }
  return ids;
}

async function jobRows(pool: Pool, ids: string[]) {
  const { rows } = await pool.query<{ id: string; status: string; attempts: number }>(
    "SELECT id, status, attempts FROM copy_jobs WHERE id = ANY($1::uuid[]) ORDER BY id",
    [ids],
  );
  return rows;
}

/** The stored events in the outbox, by job id: one each means each job was announced once. */
async function storedEvents(pool: Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ job_id: string; n: number }>(
    `SELECT payload->'data'->>'jobId' AS job_id, count(*)::int AS n FROM outbox
      WHERE event_type = $1 GROUP BY 1`,
    [releaseStoredV1.type],
  );
  return new Map(rows.map((r) => [r.job_id, r.n]));
}

describe("copy worker, two replicas", () => {
  it("runs, stores and announces every job once, both replicas sharing the work", async () => {
    const a = startReplica("copy-replica-a", 10_000);
    const b = startReplica("copy-replica-b", 10_000);
    const probe = replicaPool("copy-probe");
    try {
      const ids = await queueJobs(probe, 16);
      a.worker.wake();
      b.worker.wake();
      await waitFor(
        async () => (await jobRows(probe, ids)).every((j) => j.status === "stored") || undefined,
        {
          timeoutMs: 20_000,
        },
      );
      // No job ran on both at once (a store error on a loaded machine may retry a job later: a run
      // after the first, never beside it), and each was announced once.
      for (const id of ids) expect(mostAtOnce.get(id)).toBe(1);
      const events = await storedEvents(probe);
      for (const id of ids) expect(events.get(id)).toBe(1);
      expect(a.ran.length).toBeGreaterThan(0);
      expect(b.ran.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.worker.stop(), b.worker.stop()]);
    }
  });

  it("lets another replica take over a job whose replica died holding its lease, once it expires", async () => {
    const probe = replicaPool("copy-probe-2");
    const [id] = await queueJobs(probe, 1);
    // A replica claims the job with a short lease and dies before running it: nothing frees the lease.
    const dead = replicaPool("copy-replica-dead");
    const claimed = await makeCopyJobRepository(dead).claimNext(800);
    expect(claimed?.id).toBe(id);
    await pools.end(dead);

    const a = startReplica("copy-replica-c", 10_000);
    const b = startReplica("copy-replica-d", 10_000);
    try {
      // While the lease holds, neither survivor touches the job.
      await sleep(400);
      expect(runs.get(id!)).toBeUndefined();
      await waitFor(async () => (await jobRows(probe, [id!]))[0]?.status === "stored" || undefined, {
        timeoutMs: 10_000,
      });
      expect(mostAtOnce.get(id!)).toBe(1);
      expect((await storedEvents(probe)).get(id!)).toBe(1);
    } finally {
      await Promise.all([a.worker.stop(), b.worker.stop()]);
    }
  });

  it("announces nothing from a replica that outlived its lease: the one that took over stored the job", async () => {
    const probe = replicaPool("copy-probe-3");
    const [id] = await queueJobs(probe, 1);
    let downloading: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      downloading = resolve;
    });
    let answer: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The stale replica's download hangs until the test lets it answer.
    const stalePool = replicaPool("copy-replica-stale");
    const staleRun = copyRunner("copy-replica-stale", stalePool, async () => {
      downloading();
      await hung;
      return Readable.from([Buffer.from("hello world")]);
    });
    const job = await makeCopyJobRepository(stalePool).claimNext(60_000);
    expect(job?.id).toBe(id);
    const stale = staleRun(job!);
    await started;
    // Its lease runs out while the download hangs (as in a long pause); another replica stores the job.
    await probe.query("UPDATE copy_jobs SET locked_until = now() WHERE id = $1", [id]);
    const other = startReplica("copy-replica-e", 10_000);
    try {
      await waitFor(async () => (await jobRows(probe, [id!]))[0]?.status === "stored" || undefined, {
        timeoutMs: 10_000,
      });
    } finally {
      await other.worker.stop();
    }
    answer();
    await stale;
    expect((await jobRows(probe, [id!]))[0]?.status).toBe("stored");
    expect((await storedEvents(probe)).get(id!)).toBe(1);
  });
});
