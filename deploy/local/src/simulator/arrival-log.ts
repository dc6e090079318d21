/**
 * The times of the last `capacity` requests the simulator let through, on its own clock, so "never more
 * than INFUSE_MAX_RPS in a second" is judged where the platform would judge it: the most arrivals in any
 * one-second span, exact, with no sampling from outside. Old entries are overwritten, so memory stays
 * bounded however long the simulator runs.
 */
export class ArrivalLog {
  private readonly times: Float64Array;
  private next = 0;
  private size = 0;

  constructor(capacity = 131_072) {
    this.times = new Float64Array(capacity);
  }

  record(atMs: number): void {
    this.times[this.next] = atMs;
    this.next = (this.next + 1) % this.times.length;
    if (this.size < this.times.length) this.size++;
  }

  clear(): void {
    this.next = 0;
    this.size = 0;
  }

  /** The most arrivals at or after `sinceMs` that fit in one span of `spanMs` (half-open: [t, t + spanMs)). */
  busiest(sinceMs = Number.NEGATIVE_INFINITY, spanMs = 1_000): number {
    const oldest = (this.next - this.size + this.times.length) % this.times.length;
    const at = (i: number) => this.times[(oldest + i) % this.times.length] as number;
    let first = 0;
    while (first < this.size && at(first) < sinceMs) first++;
    let best = 0;
    let start = first;
    for (let end = first; end < this.size; end++) {
      while (at(end) - at(start) >= spanMs) start++;
      best = Math.max(best, end - start + 1);
    }
    return best;
  }
}
