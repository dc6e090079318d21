import { ExpiringCache } from "./expiring-cache";

/**
 * Remembers the assertions a verifier accepted, by issuer and `jti`, until they expire, so each is
 * accepted once. Memory is bounded: when the cache is full the oldest entry is dropped, and from then on
 * nothing issued at or before that entry's `iat` is accepted (it might be the dropped one, replayed). In
 * normal operation an assertion arrives within milliseconds of its `iat`, far newer than that floor.
 */
export class ReplayGuard {
  private readonly seen: ExpiringCache<number>;
  /** Assertions issued at or before this instant (epoch s) can no longer be told apart from replays. */
  private floor = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxEntries: number,
    now?: () => number,
  ) {
    this.seen = new ExpiringCache<number>({ maxEntries: maxEntries + 1, ...(now ? { now } : {}) });
  }

  /**
   * Records the assertion and says whether it was new: false for a `jti` of this issuer already seen
   * before its expiry (`until`, epoch ms), or one issued no later than the floor.
   */
  firstUse(issuer: string, jti: string, iat: number, until: number): boolean {
    if (iat <= this.floor) return false;
    const key = `${issuer} ${jti}`;
    if (this.seen.get(key) !== undefined) return false;
    this.seen.set(key, iat, until);
    if (this.seen.size > this.maxEntries) {
      const oldest = this.seen.dropOldest();
      if (oldest !== undefined && oldest > this.floor) this.floor = oldest;
    }
    return true;
  }
}
