import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { samplePlatformRequests } from "./platform-requests";

/** A stand-in for the simulator's stats route whose counts the test moves. */
async function statsServer() {
  const counts = { allowed: 100, throttled: 3 };
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(counts));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { counts, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
});

describe("samplePlatformRequests", () => {
  it("counts only what was made after it started, and the highest interval's rate", async () => {
    const stats = await statsServer();
    close = stats.close;
    const sampler = await samplePlatformRequests(stats.url, 100);
    await sleep(150);
    stats.counts.allowed += 2; // a slow interval
    await sleep(100);
    stats.counts.allowed += 20; // a burst: 20 in about 0.1 s
    stats.counts.throttled += 1;
    await sleep(120);
    const result = await sampler.stop();
    expect(result.total).toBe(22);
    expect(result.throttled).toBe(1);
    expect(result.seconds).toBeGreaterThan(0.3);
    // 20 requests within one interval of ~0.1 s: above the run's average; an interval is at least 0.05 s.
    expect(result.maxPerSecond).toBeGreaterThan(result.total / result.seconds);
    expect(result.maxPerSecond).toBeLessThanOrEqual(400);
  });
});
