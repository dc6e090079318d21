import { describe, expect, it } from "vitest";
import { queueWorkers } from "./queue-workers";

/** A task the test finishes by hand. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { done, open };
}

describe("queueWorkers", () => {
  it("runs at most `concurrency` items at once, in order, and drains", async () => {
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const queue = queueWorkers(2, async (i: number) => {
      started.push(i);
      await gates[i]!.done;
    });
    queue.push([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1]);
    expect(queue.waiting()).toBe(3);
    gates[1]!.open();
    await queue.until(() => queue.waiting() <= 2);
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    await queue.drained();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.waiting()).toBe(0);
  });

  it("finishes every item, then rejects with the first error", async () => {
    const seen: number[] = [];
    const queue = queueWorkers(3, async (i: number) => {
      seen.push(i);
      if (i === 1) throw new Error("one failed");
    });
    queue.push([0, 1, 2, 3]);
    await expect(queue.drained()).rejects.toThrow("one failed");
    expect(seen.sort()).toEqual([0, 1, 2, 3]);
  });

  it("drains at once when nothing was pushed", async () => {
    await queueWorkers(2, async () => undefined).drained();
  });
});
