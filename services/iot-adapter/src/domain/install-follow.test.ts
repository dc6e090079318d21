import { describe, expect, it } from "vitest";
import { chunksOf, factsFromPending, type PendingUpdate } from "./install-follow";

const pendingOf = (entries: [string, PendingUpdate][]) => new Map(entries);
const UPDATE = "5b0c2a1e-0000-4000-8000-000000000001";

describe("chunksOf", () => {
  it("cuts into consecutive chunks of at most the size, the last one shorter", () => {
    const ids = Array.from({ length: 250 }, (_, i) => i);
    const chunks = chunksOf(ids, 100);
    expect(chunks.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunks.flat()).toEqual(ids);
    expect(chunksOf([], 100)).toEqual([]);
    expect(chunksOf([1, 2, 3], 0)).toEqual([[1], [2], [3]]);
  });
});

describe("what the bulk pending answer says about a tracked update", () => {
  const tracked = { deviceId: "00112233445566AA", updateId: UPDATE };

  it("is the update's facts when the device's pending update is this one (ids compared in any case)", () => {
    const pending = pendingOf([
      [
        "00112233445566aa",
        { updateId: UPDATE.toUpperCase(), status: "pending", attemptCount: 2, message: { status: "sent" } },
      ],
    ]);
    expect(factsFromPending(tracked, pending)).toEqual({
      status: "pending",
      attemptCount: 2,
      message: { status: "sent" },
    });
  });

  it("asks for a read when the device is left out (nothing pending) or another update is pending", () => {
    expect(factsFromPending(tracked, pendingOf([]))).toBeNull();
    const other = pendingOf([
      [
        "00112233445566aa",
        { updateId: "5b0c2a1e-0000-4000-8000-000000000002", status: "pending", attemptCount: 1 },
      ],
    ]);
    expect(factsFromPending(tracked, other)).toBeNull();
    expect(factsFromPending({ ...tracked, updateId: null }, other)).toBeNull();
  });
});
