import { createServer } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { freePort, hostPort, isListening, waitFor } from "./probe";

/** The lowest port of this machine's range for outgoing connections, read here rather than from probe.ts. */
async function outgoingRangeFloor(): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const range = await readFile("/proc/sys/net/ipv4/ip_local_port_range", "utf8");
  return Number.parseInt(range.trim().split(/\s+/)[0] ?? "", 10);
}

describe("probe helpers", () => {
  it("tells a listening port from a closed one", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    expect(await isListening("127.0.0.1", port)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
    expect(await isListening("127.0.0.1", port)).toBe(false);
  });

  it("hands out a port nothing listens on", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(await isListening("127.0.0.1", port)).toBe(false);
  });

  it("never hands out 10080, which fetch refuses as a bad port", async () => {
    const low = await outgoingRangeFloor();
    // The first pick lands on 10080; the next one anywhere else.
    const random = vi
      .spyOn(Math, "random")
      .mockReturnValueOnce((10_080 - 10_000 + 0.5) / (low - 10_000))
      .mockReturnValue(0.5);
    try {
      const port = await freePort();
      expect(random).toHaveBeenCalledTimes(2);
      expect(port).not.toBe(10_080);
    } finally {
      random.mockRestore();
    }
  });

  it("picks ports below the range outgoing connections use, so no client socket can take one meanwhile", async () => {
    const low = await outgoingRangeFloor();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
    }
  });

  it("waits until a value appears, and names what it waited for on timeout", async () => {
    let calls = 0;
    await expect(waitFor(() => (++calls >= 3 ? "done" : undefined), { intervalMs: 1 })).resolves.toBe("done");
    await expect(
      waitFor(() => undefined, { timeoutMs: 20, intervalMs: 5, what: "the moon" }),
    ).rejects.toThrow("Timed out waiting for the moon");
  });

  it("reads host and port from URLs, with the default port when none is given", () => {
    expect(hostPort("postgres://u@db.local:6543/x", 5432)).toEqual({ host: "db.local", port: 6543 });
    expect(hostPort("postgres://u@db.local/x", 5432)).toEqual({ host: "db.local", port: 5432 });
  });
});
