import { hash } from "node:crypto";

export interface ExpiringCacheOptions {
  /** Entries kept at most; the least recently used one is dropped to make room. */
  maxEntries: number;
  /** The clock expiry is judged by (epoch ms); `Date.now` unless a test passes its own. */
  now?: () => number;
}

/**
 * A bounded LRU map whose entries each carry their own expiry instant. An entry is never returned at or
 * after that instant, so a cached verification can never outlive the credential it was made for; memory
 * stays bounded by `maxEntries` whatever callers present.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  /** The key at the most recent end of `entries`, when known. */
  private newest: string | undefined;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: ExpiringCacheOptions) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1)
      throw new Error("maxEntries must be a positive integer");
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? (() => Date.now());
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAt) {
      this.delete(key);
      return undefined;
    }
    // Moved to the most recent end, unless it is there already (one caller presenting one credential
    // again and again, the common case): then the order would not change.
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  /** Stores `value` until `expiresAt` (epoch ms); an instant already past stores nothing. */
  set(key: string, value: V, expiresAt: number): void {
    this.delete(key);
    if (!(expiresAt > this.now())) return;
    this.entries.set(key, { value, expiresAt });
    this.newest = key;
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
    if (key === this.newest) this.newest = undefined;
  }

  /** Removes the least recently used entry and returns its value (undefined when empty). */
  dropOldest(): V | undefined {
    const oldest = this.entries.keys().next();
    if (oldest.done) return undefined;
    const value = this.entries.get(oldest.value)?.value;
    this.delete(oldest.value);
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.newest = undefined;
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
