import { type RunningSimulator, startSimulator } from "@mp/local/simulator";
import { afterEach, describe, expect, it } from "vitest";
import { readGrantedBusiestSecond, samplePlatformRequests } from "./platform-requests";

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

describe("samplePlatformRequests", () => {
  it("counts what the simulator let through after it started, and its busiest second since then", async () => {
    let now = 0;
    sim = await startSimulator({ apiKey: "ik_bench", tickMs: 0, maxRps: 4, limitClock: () => now });
    const call = async () => {
      const response = await fetch(`${sim?.url}/organisation`, {
        headers: { authorization: "ApiKey ik_bench" },
      });
      await response.body?.cancel();
      return response.status;
    };
    // Before the sampler starts: four in one second, which its figures must leave out.
    for (let i = 0; i < 4; i++) await call();
    now = 5_000;
    const sampler = await samplePlatformRequests(sim.url);
    now = 5_500;
    expect(await call()).toBe(200);
    expect(await call()).toBe(200);
    now = 7_000;
    for (let i = 0; i < 3; i++) expect(await call()).toBe(200);
    now = 7_200;
    const refused = [await call(), await call()];
    expect(refused).toEqual([200, 429]);
    const result = await sampler.stop();
    expect(result).toEqual({ total: 6, seconds: 2.2, maxPerSecond: 4, throttled: 1 });
  });
});

describe("readGrantedBusiestSecond", () => {
  it("reads iot-adapter's gauge from a Prometheus page, and says when it is missing", async () => {
    const { createServer } = await import("node:http");
    let page = [
      "# HELP iot_adapter_infuse_busiest_second The most ...",
      "# TYPE iot_adapter_infuse_busiest_second gauge",
      'iot_adapter_infuse_busiest_second{otel_scope_name="@mp/svc-iot-adapter"} 48',
      "iot_adapter_infuse_throttled_total 0",
    ].join("\n");
    const server = createServer((_req, res) => res.end(page));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(await readGrantedBusiestSecond(url)).toBe(48);
      page = "iot_adapter_infuse_throttled_total 0\n";
      await expect(readGrantedBusiestSecond(url)).rejects.toThrow(/no iot_adapter_infuse_busiest_second/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
