/**
 * A latency histogram with bounded relative error: values (milliseconds) fall into logarithmic buckets,
 * `precision` buckets per doubling, so a percentile read back is within 2^(1/precision) - 1 of the true
 * value (about 1.1% at the default 64) whatever the range. Recording is O(1) and memory is fixed, so an
 * open-loop run of any length keeps every sample.
 */
export class Histogram {
  private readonly counts = new Map<number, number>();
  private readonly precision: number;
  private total = 0;
  private sum = 0;
  private minValue = Number.POSITIVE_INFINITY;
  private maxValue = 0;

  constructor(options: { precision?: number } = {}) {
    this.precision = options.precision ?? 64;
  }

  /** Values below 1 µs are counted in the smallest bucket; negative values are a caller's bug. */
  record(valueMs: number): void {
    if (!Number.isFinite(valueMs) || valueMs < 0) throw new Error(`cannot record ${valueMs}`);
    const bucket = this.bucketOf(valueMs);
    this.counts.set(bucket, (this.counts.get(bucket) ?? 0) + 1);
    this.total += 1;
    this.sum += valueMs;
    this.minValue = Math.min(this.minValue, valueMs);
    this.maxValue = Math.max(this.maxValue, valueMs);
  }

  get count(): number {
    return this.total;
  }

  get mean(): number {
    return this.total === 0 ? Number.NaN : this.sum / this.total;
  }

  get max(): number {
    return this.total === 0 ? Number.NaN : this.maxValue;
  }

  /**
   * The value at quantile `q` (0 < q <= 1): the upper edge of the bucket holding the ceil(q * n)-th
   * smallest sample, clamped to the observed min and max, so it never understates the percentile by more
   * than one bucket's width. NaN when nothing was recorded.
   */
  percentile(q: number): number {
    if (!(q > 0 && q <= 1)) throw new Error(`quantile must be in (0, 1], got ${q}`);
    if (this.total === 0) return Number.NaN;
    const rank = Math.ceil(q * this.total);
    let seen = 0;
    for (const bucket of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(bucket) ?? 0;
      if (seen >= rank) {
        const upper = this.upperEdge(bucket);
        return Math.min(this.maxValue, Math.max(this.minValue, upper));
      }
    }
    return this.maxValue;
  }

  /** Adds another histogram's samples (same precision) to this one. */
  merge(other: Histogram): void {
    if (other.precision !== this.precision) throw new Error("cannot merge histograms of other precision");
    for (const [bucket, n] of other.counts) this.counts.set(bucket, (this.counts.get(bucket) ?? 0) + n);
    this.total += other.total;
    this.sum += other.sum;
    this.minValue = Math.min(this.minValue, other.minValue);
    this.maxValue = Math.max(this.maxValue, other.maxValue);
  }

  private bucketOf(valueMs: number): number {
    const micros = Math.max(1, valueMs * 1000);
    return Math.floor(Math.log2(micros) * this.precision);
  }

  private upperEdge(bucket: number): number {
    return 2 ** ((bucket + 1) / this.precision) / 1000;
  }
}

/** The figures a scenario reports from one histogram, in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarise(histogram: Histogram): LatencySummary {
  return {
    count: histogram.count,
    p50: histogram.percentile(0.5),
    p90: histogram.percentile(0.9),
    p99: histogram.percentile(0.99),
    max: histogram.max,
    mean: histogram.mean,
  };
}
