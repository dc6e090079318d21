import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS, retryAfterMs } from "./retry-after";

const NOW = Date.parse("2026-11-28T12:00:00Z");

describe("Retry-After", () => {
  it("reads delay-seconds", () => {
    expect(retryAfterMs("3", NOW)).toBe(3_000);
    expect(retryAfterMs(" 0 ", NOW)).toBe(0);
    expect(retryAfterMs("1.5", NOW)).toBe(1_500);
  });

  it("reads an HTTP date relative to now, a past one as no pause", () => {
    expect(retryAfterMs("Sat, 28 Nov 2026 12:00:07 GMT", NOW)).toBe(7_000);
    expect(retryAfterMs("Sat, 28 Nov 2026 11:59:00 GMT", NOW)).toBe(0);
  });

  it("falls back to the default when absent or unreadable", () => {
    for (const header of [undefined, null, "", "soon", "-5", "12abc", "1e3"])
      expect(retryAfterMs(header, NOW)).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it("caps what it honours", () => {
    expect(retryAfterMs("86400", NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs("Sun, 29 Nov 2026 12:00:00 GMT", NOW)).toBe(MAX_RETRY_AFTER_MS);
  });
});
