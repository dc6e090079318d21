import { describe, expect, it } from "vitest";
import { makeBatchingQueue, type Waiting } from "./batching-queue";

/** A flush that holds each batch until `release` is called, recording the batches it saw. */
function heldFlush() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const flush = (batch: Waiting<number, number>[]) => {
    batches.push(batch.map((w) => w.item));
    return new Promise<void>((done) => {
      releases.push(() => {
        for (const w of batch) w.resolve(w.item * 10);
        done();
      });
    });
  };
  return { batches, releases, flush };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("makeBatchingQueue", () => {
  it("sends an item alone at once when nothing is running", async () => {
    const { batches, releases, flush } = heldFlush();
    const submit = makeBatchingQueue({ maxBatch: 10, maxInFlight: 1, flush });
    const answer = submit(1);
    expect(batches).toEqual([[1]]);
    releases[0]?.();
    expect(await answer).toBe(10);
  });

  it("gathers what arrives while flushes run into the next batch, at most maxBatch each", async () => {
    const { batches, releases, flush } = heldFlush();
    const submit = makeBatchingQueue({ maxBatch: 3, maxInFlight: 2, flush });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((n) => submit(n));
    expect(batches).toEqual([[1], [2]]);
    releases[0]?.();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    releases[1]?.();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    releases[2]?.();
    releases[3]?.();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it("rejects the items a throwing flush left unsettled with its error, keeping those it settled", async () => {
    const boom = new Error("boom");
    const submit = makeBatchingQueue<number, number>({
      maxBatch: 10,
      maxInFlight: 1,
      flush: async (batch) => {
        batch[0]?.resolve(1);
        throw boom;
      },
    });
    const first = submit(1);
    const [second, third] = [submit(2), submit(3)];
    expect(await first).toBe(1);
    await expect(second).resolves.toBe(1);
    await expect(third).rejects.toBe(boom);
  });

  it("rejects an item a flush forgot instead of leaving its submitter waiting", async () => {
    const submit = makeBatchingQueue<number, number>({ maxBatch: 10, maxInFlight: 1, flush: async () => {} });
    await expect(submit(1)).rejects.toThrow(/unsettled/);
  });

  it("with minIntervalMs, holds what arrives soon after a flush started until that long has passed", async () => {
    const starts: number[] = [];
    const batches: number[][] = [];
    const submit = makeBatchingQueue<number, number>({
      maxBatch: 10,
      maxInFlight: 2,
      minIntervalMs: 100,
      flush: async (batch) => {
        starts.push(performance.now());
        batches.push(batch.map((w) => w.item));
        for (const w of batch) w.resolve(w.item * 10);
      },
    });
    // After a quiet spell: at once. A flush slot is free, yet 2 and 3 wait for the interval, together.
    const before = performance.now();
    const answers = [submit(1), submit(2), submit(3)];
    expect(batches).toEqual([[1]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1], [2, 3]]);
    // The interval runs from the queue's own reading of the clock when it started the first flush, which
    // comes after \`before\`; the flushes' own readings can lag the queue's by different amounts (1.7 ms on
    // a loaded CI machine), so their difference is no bound.
    expect((starts[1] as number) - before).toBeGreaterThanOrEqual(100);
    // A quiet spell longer than the interval: at once again.
    await new Promise((resolve) => setTimeout(resolve, 120));
    const alone = submit(4);
    expect(batches).toEqual([[1], [2, 3], [4]]);
    expect(await alone).toBe(40);
  });

  it("refuses limits that are not positive integers", () => {
    const flush = async () => {};
    expect(() => makeBatchingQueue({ maxBatch: 0, maxInFlight: 1, flush })).toThrow(/maxBatch/);
    expect(() => makeBatchingQueue({ maxBatch: 1, maxInFlight: 1.5, flush })).toThrow(/maxInFlight/);
    expect(() => makeBatchingQueue({ maxBatch: 1, maxInFlight: 1, minIntervalMs: -1, flush })).toThrow(
      /minIntervalMs/,
    );
  });
});
