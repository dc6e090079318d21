import { describe, expect, it } from "vitest";
import { changed, installStateOf, isFinal, pollBackoffMs } from "./install-status";

const now = new Date("2026-11-23T12:00:00.000Z");

describe("installStateOf", () => {
  it.each([
    [{ status: "pending", attemptCount: 0 }, "queued"],
    [{ status: "pending", attemptCount: 1, message: { status: "waiting" } }, "queued"],
    [
      {
        status: "pending",
        attemptCount: 1,
        message: { status: "waiting", expiresAt: "2026-11-23T13:00:00.000Z" },
      },
      "queued",
    ],
    [
      {
        status: "pending",
        attemptCount: 1,
        message: { status: "waiting", expiresAt: "2026-11-23T11:59:59.000Z" },
      },
      "expired",
    ],
    [{ status: "pending", attemptCount: 1, message: { status: "sent" } }, "sent"],
    [{ status: "pending", attemptCount: 1, message: { status: "completed" } }, "sent"],
    [{ status: "success", attemptCount: 1, message: { status: "completed" } }, "succeeded"],
    [{ status: "cancelled", attemptCount: 1 }, "cancelled"],
  ])("%j -> %s", (update, status) => {
    expect(installStateOf(update, now)?.status).toBe(status);
  });

  it("a failed update carries the platform's lastError as detail, or a fixed one", () => {
    expect(installStateOf({ status: "failed", attemptCount: 3, lastError: "dfu: -5" }, now)).toEqual({
      status: "failed",
      detail: "dfu: -5",
      attemptCount: 3,
    });
    expect(installStateOf({ status: "failed", attemptCount: 1 }, now)?.detail).toMatch(/failed/);
  });

  it("ignores statuses the platform does not document", () => {
    expect(installStateOf({ status: "rebooting", attemptCount: 1 }, now)).toBeNull();
    expect(
      installStateOf({ status: "pending", attemptCount: 1, message: { status: "odd" } }, now),
    ).toBeNull();
  });

  it("knows final statuses and changes", () => {
    expect(isFinal("succeeded")).toBe(true);
    expect(isFinal("expired")).toBe(false);
    expect(isFinal("sent")).toBe(false);
    const a = { status: "sent" as const, detail: null, attemptCount: 1 };
    expect(changed(a, { ...a })).toBe(false);
    expect(changed(a, { ...a, attemptCount: 2 })).toBe(true);
  });

  it("backs off on platform errors, capped at a minute", () => {
    expect(pollBackoffMs(0, 500)).toBe(500);
    expect(pollBackoffMs(1, 500)).toBe(1_000);
    expect(pollBackoffMs(3, 500)).toBe(4_000);
    expect(pollBackoffMs(20, 500)).toBe(60_000);
  });
});
