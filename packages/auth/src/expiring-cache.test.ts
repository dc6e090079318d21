import { describe, expect, it } from "vitest";
import { credentialKey, ExpiringCache } from "./expiring-cache";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("ExpiringCache", () => {
  it("returns an entry until its expiry instant and never at or after it", () => {
    const time = clock();
    const cache = new ExpiringCache<string>({ maxEntries: 10, now: time.now });
    cache.set("k", "v", time.now() + 1_000);
    expect(cache.get("k")).toBe("v");
    time.advance(999);
    expect(cache.get("k")).toBe("v");
    time.advance(1);
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("stores nothing for an instant already past", () => {
    const time = clock();
    const cache = new ExpiringCache<string>({ maxEntries: 10, now: time.now });
    cache.set("k", "v", time.now());
    cache.set("j", "v", time.now() - 1);
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps at most maxEntries, dropping the least recently used", () => {
    const time = clock();
    const cache = new ExpiringCache<number>({ maxEntries: 3, now: time.now });
    for (const [i, key] of ["a", "b", "c"].entries()) cache.set(key, i, time.now() + 60_000);
    expect(cache.get("a")).toBe(0);
    cache.set("d", 3, time.now() + 60_000);
    expect(cache.size).toBe(3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(0);
    expect(cache.get("c")).toBe(2);
    expect(cache.get("d")).toBe(3);
  });

  it("keeps the least recently used order through repeated reads of the newest entry and deletes", () => {
    const time = clock();
    const cache = new ExpiringCache<number>({ maxEntries: 2, now: time.now });
    cache.set("a", 1, time.now() + 60_000);
    cache.set("b", 2, time.now() + 60_000);
    expect(cache.get("b")).toBe(2);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3, time.now() + 60_000);
    expect(cache.get("b")).toBeUndefined();
    cache.delete("c");
    cache.set("b", 2, time.now() + 60_000);
    expect(cache.get("a")).toBe(1);
    cache.set("d", 4, time.now() + 60_000);
    expect([cache.get("a"), cache.get("b"), cache.get("d")]).toEqual([1, undefined, 4]);
  });

  it("replaces an entry and its expiry when set again", () => {
    const time = clock();
    const cache = new ExpiringCache<string>({ maxEntries: 2, now: time.now });
    cache.set("k", "old", time.now() + 10_000);
    cache.set("k", "new", time.now() + 10);
    time.advance(10);
    expect(cache.get("k")).toBeUndefined();
    expect(() => new ExpiringCache({ maxEntries: 0 })).toThrow();
  });

  it("keys credentials by digest: equal strings only, no secret kept", () => {
    const token = "eyJhbGciOiJFUzI1NiJ9.e30.sig";
    expect(credentialKey(token)).toBe(credentialKey(token));
    expect(credentialKey(token)).not.toBe(credentialKey(`${token}x`));
    expect(credentialKey(token)).not.toContain("eyJ");
    expect(credentialKey("x".repeat(8_000))).toHaveLength(44);
  });
});
