import { describe, expect, it } from "vitest";
import type { DeviceOwnership } from "../application/ports";
import { cachedDeviceOwners } from "./device-owner-cache";

const OWNER: DeviceOwnership = { organisationId: "org-1", boardId: "board-1" };

function countingPort(owners: Record<string, DeviceOwnership | null>) {
  const calls: string[] = [];
  return {
    calls,
    port: {
      async ownerOf(deviceId: string) {
        calls.push(deviceId);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return owners[deviceId] ?? null;
      },
    },
  };
}

describe("cachedDeviceOwners", () => {
  it("asks the adapter once for many payments of the same device, also when they ask at once", async () => {
    const { calls, port } = countingPort({ d1: OWNER, d2: { ...OWNER, boardId: "board-2" } });
    const owners = cachedDeviceOwners(port);
    const answers = await Promise.all([
      owners.ownerOf("d1", "r1"),
      owners.ownerOf("d1", "r2"),
      owners.ownerOf("d2", "r3"),
    ]);
    expect(await owners.ownerOf("d1", "r4")).toEqual(OWNER);
    expect(answers.map((a) => a?.boardId)).toEqual(["board-1", "board-1", "board-2"]);
    expect(calls.sort()).toEqual(["d1", "d2"]);
  });

  it("does not remember an unknown device: it is asked again next time", async () => {
    const owners: Record<string, DeviceOwnership | null> = { d1: null };
    const { calls, port } = countingPort(owners);
    const cached = cachedDeviceOwners(port);
    expect(await cached.ownerOf("d1", "r1")).toBeNull();
    owners.d1 = OWNER;
    expect(await cached.ownerOf("d1", "r2")).toEqual(OWNER);
    expect(calls).toEqual(["d1", "d1"]);
  });

  it("asks again once the owner is older than the TTL", async () => {
    const { calls, port } = countingPort({ d1: OWNER });
    let now = 1_000_000;
    const cached = cachedDeviceOwners(port, { ttlMs: 1_000, now: () => now });
    await cached.ownerOf("d1", "r1");
    now += 999;
    await cached.ownerOf("d1", "r2");
    expect(calls).toHaveLength(1);
    now += 2;
    await cached.ownerOf("d1", "r3");
    expect(calls).toHaveLength(2);
  });

  it("asks again when asked fresh, and remembers the fresh answer", async () => {
    const owners: Record<string, DeviceOwnership | null> = { d1: OWNER };
    const { calls, port } = countingPort(owners);
    const cached = cachedDeviceOwners(port);
    await cached.ownerOf("d1", "r1");
    owners.d1 = { organisationId: "org-2", boardId: "board-1" };
    expect(await cached.ownerOf("d1", "r2")).toEqual(OWNER);
    expect(await cached.ownerOf("d1", "r3", { fresh: true })).toEqual(owners.d1);
    expect(await cached.ownerOf("d1", "r4")).toEqual(owners.d1);
    expect(calls).toEqual(["d1", "d1"]);
  });

  it("lets a failed lookup fail the payment and remembers nothing", async () => {
    let fail = true;
    const port = {
      async ownerOf() {
        if (fail) throw new Error("iot-adapter unavailable");
        return OWNER;
      },
    };
    const cached = cachedDeviceOwners(port);
    await expect(cached.ownerOf("d1", "r1")).rejects.toThrow("iot-adapter unavailable");
    fail = false;
    expect(await cached.ownerOf("d1", "r2")).toEqual(OWNER);
  });

  it("keeps at most `max` devices", async () => {
    const { calls, port } = countingPort({ d1: OWNER, d2: OWNER, d3: OWNER });
    const cached = cachedDeviceOwners(port, { max: 2 });
    for (const id of ["d1", "d2", "d3", "d1"]) await cached.ownerOf(id, "r");
    expect(calls).toEqual(["d1", "d2", "d3", "d1"]);
  });
});
