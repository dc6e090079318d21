/**
 * The most platform requests this replica was granted in any one second, from the grant times the shared
 * budget returns (PostgreSQL's clock, so the figure is the one INFUSE_MAX_RPS bounds, free of the jitter
 * of the HTTP hop that follows). Grants can come back slightly out of order (two connections answering),
 * so each is put in its place; only the last two seconds are kept, so memory stays bounded by the rate.
 */
export class BusiestSecond {
  private readonly recent: number[] = [];
  private best = 0;

  constructor(private readonly spanMs = 1_000) {}

  record(grantedAtMs: number): void {
    const recent = this.recent;
    let at = recent.length;
    while (at > 0 && (recent[at - 1] as number) > grantedAtMs) at--;
    recent.splice(at, 0, grantedAtMs);
    const keepFrom = (recent[recent.length - 1] as number) - 2 * this.spanMs;
    let drop = 0;
    while (drop < recent.length && (recent[drop] as number) < keepFrom) drop++;
    if (drop > 0) recent.splice(0, drop);
    // Only the spans holding the new grant changed: those starting at a grant in (t - span, t].
    let end = 0;
    for (let start = 0; start < recent.length; start++) {
      const from = recent[start] as number;
      if (from > grantedAtMs) break;
      if (grantedAtMs - from >= this.spanMs) continue;
      end = Math.max(end, start);
      while (end < recent.length && (recent[end] as number) - from < this.spanMs) end++;
      this.best = Math.max(this.best, end - start);
    }
  }

  /** The most grants seen in one span of `spanMs` (half-open, [t, t + spanMs)). */
  get value(): number {
    return this.best;
  }
}
