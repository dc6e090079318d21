import { hash } from "node:crypto";
import { LRUCache } from "lru-cache";

export interface ExpiringCacheOptions {
  /** Entries kept at most; the least recently used one is dropped to make room. */
  maxEntries: number;
  /** The clock expiry is judged by (epoch ms, whole milliseconds); `Date.now` unless a test passes its own. */
  now?: () => number;
}

/**
 * A bounded LRU map (lru-cache) whose entries each carry their own expiry instant. An entry is never
 * returned at or after that instant, so a cached verification can never outlive the credential it was
 * made for; memory stays bounded by `maxEntries` whatever callers present.
 */
export class ExpiringCache<V extends {}> {
  private readonly lru: LRUCache<string, V>;
  private readonly now: () => number;
  /** Reused for every `get`, so a lookup allocates no options object. */
  private readonly getOptions: LRUCache.GetOptions<string, V, unknown> = {};

  constructor(options: ExpiringCacheOptions) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1)
      throw new Error("maxEntries must be a positive integer");
    const now = options.now ?? Date.now;
    this.now = now;
    this.lru = new LRUCache<string, V>({
      max: options.maxEntries,
      // Every entry gets its own ttl in `set`; this default only switches lru-cache's expiry on.
      ttl: 2 ** 31,
      // Read the clock on every check rather than reuse a reading for up to a millisecond (a timer).
      ttlResolution: 0,
      perf: { now },
    });
  }

  get size(): number {
    return this.lru.size;
  }

  get(key: string): V | undefined {
    return this.lru.get(key, this.getOptions);
  }

  /** Stores `value` until `expiresAt` (epoch ms); an instant already past stores nothing. */
  set(key: string, value: V, expiresAt: number): void {
    const now = this.now();
    if (!(expiresAt > now)) {
      this.lru.delete(key);
      return;
    }
    // lru-cache counts an entry stale once `now - start > ttl`; starting it one millisecond early makes
    // it stale from `expiresAt` itself on, never at or after its expiry.
    this.lru.set(key, value, { ttl: expiresAt - now, start: now - 1 });
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Removes the least recently used entry and returns its value (undefined when empty). */
  dropOldest(): V | undefined {
    return this.lru.pop();
  }

  clear(): void {
    this.lru.clear();
  }
}

/**
 * The key a credential is cached under: its SHA-256, so the cache holds no bearer secret and each key is
 * 44 characters whatever the credential's length. Only the identical string finds the entry.
 */
export function credentialKey(credential: string): string {
  // The one-shot form: no Hash object per call (this runs for every request and every gRPC call).
  return hash("sha256", credential, "base64");
}
