import { describe, expect, it } from "vitest";
import {
  chunksOf,
  factsFromPending,
  MIN_POLL_PAUSE_MS,
  type PendingUpdate,
  pollPauseMs,
} from "./install-follow";

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

describe("the poll loop's pause after a round", () => {
  const base = { pollMs: 1_000, chunk: 100 };

  it("is the whole interval when nothing is followed", () => {
    expect(pollPauseMs({ ...base, followed: 0, dueInMs: null })).toBe(1_000);
  });

  it("ends when a few followed installs are due, not an interval later", () => {
    expect(pollPauseMs({ ...base, followed: 4, dueInMs: 730.2 })).toBe(731);
    expect(pollPauseMs({ ...base, followed: 1, dueInMs: 0 })).toBe(MIN_POLL_PAUSE_MS);
  });

  it("keeps rounds apart by the interval's share the followed installs fill of one bulk query", () => {
    expect(pollPauseMs({ ...base, followed: 50, dueInMs: 0 })).toBe(500);
    expect(pollPauseMs({ ...base, followed: 50, dueInMs: 600 })).toBe(600);
  });

  it("keeps a whole interval between rounds with a bulk query's worth or more followed", () => {
    expect(pollPauseMs({ ...base, followed: 100, dueInMs: 0 })).toBe(1_000);
    expect(pollPauseMs({ ...base, followed: 5_000, dueInMs: 10 })).toBe(1_000);
  });

  it("never waits longer than the interval", () => {
    expect(pollPauseMs({ ...base, followed: 3, dueInMs: 60_000 })).toBe(1_000);
  });
});
