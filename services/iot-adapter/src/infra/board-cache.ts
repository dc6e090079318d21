/**
 * Board records in memory for a while: every release names its board, a list of releases names few
 * distinct boards, and board names change rarely. Concurrent lookups of one board share one request; a
 * failed lookup is not cached.
 */
export function makeTtlCache<V>(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      if (entries.size >= (options.maxEntries ?? 1_000)) entries.clear();
      const value = load();
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
  };
}
