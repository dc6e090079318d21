import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { fakeJobs } from "../testing/fakes";
import { ORG } from "../testing/fixtures";
import { startCopyWorker } from "./copy-worker";

const newJob = (id: string) => ({
  id,
  organisationId: ORG,
  applicationId: 1,
  releaseId: "rel-1",
  objectKey: `k/${id}`,
  correlationId: id,
  sizeBytes: 1,
  crc32: 1,
  createdAt: new Date(),
});

describe("copy worker", () => {
  it("runs queued jobs when woken, long before the next poll, and stops cleanly", async () => {
    const { repo, jobs } = fakeJobs();
    const ran: string[] = [];
    const worker = startCopyWorker({
      jobs: repo,
      logger: testLogger(),
      pollMs: 60_000,
      leaseMs: 1_000,
      runCopyJob: async (job) => {
        ran.push(job.id);
        const stored = jobs.get(job.id);
        if (stored) stored.status = "stored";
      },
    });
    await repo.insertOrGet(newJob("a"));
    await repo.insertOrGet(newJob("b"));
    worker.wake();
    await expect.poll(() => ran, { timeout: 2_000 }).toEqual(["a", "b"]);
    await worker.stop();
  });

  it("aborts the running attempt on stop and keeps going after a failing iteration", async () => {
    const { repo } = fakeJobs();
    let claims = 0;
    let aborted = false;
    const flaky = {
      ...repo,
      claimNext: async (leaseMs: number) => {
        claims++;
        if (claims === 1) throw new Error("connection reset");
        return repo.claimNext(leaseMs);
      },
    };
    await repo.insertOrGet(newJob("slow"));
    const worker = startCopyWorker({
      jobs: flaky,
      logger: testLogger(),
      pollMs: 10,
      leaseMs: 1_000,
      runCopyJob: (_job, signal) =>
        new Promise<void>((resolve) =>
          signal?.addEventListener("abort", () => {
            aborted = true;
            resolve();
          }),
        ),
    });
    await expect.poll(() => claims, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    await worker.stop();
    expect(aborted).toBe(true);
  });
});
