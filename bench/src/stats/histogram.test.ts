import { describe, expect, it } from "vitest";
import { Histogram, summarise } from "./histogram";

/** Exact percentile by the same rank rule (ceil(q * n)-th smallest), for comparison. */
function exact(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(q * sorted.length) - 1]!;
}

describe("Histogram", () => {
  it("reads percentiles back within the bucket's relative error", () => {
    const values = Array.from({ length: 10_000 }, (_, i) => 0.05 + ((i * 7919) % 10_000) / 37);
    const histogram = new Histogram();
    for (const value of values) histogram.record(value);
    for (const q of [0.5, 0.9, 0.99, 0.999]) {
      const truth = exact(values, q);
      const read = histogram.percentile(q);
      expect(read).toBeGreaterThanOrEqual(truth);
      expect(read / truth - 1).toBeLessThan(2 ** (1 / 64) - 1 + 1e-9);
    }
  });

  it("p99 of a hundred samples is the 99th smallest, not the largest", () => {
    const histogram = new Histogram();
    for (let i = 1; i <= 100; i++) histogram.record(i === 100 ? 1_000 : i);
    const p99 = histogram.percentile(0.99);
    expect(p99).toBeGreaterThanOrEqual(99);
    expect(p99).toBeLessThan(99 * 2 ** (1 / 64));
    expect(histogram.percentile(1)).toBe(1_000);
    expect(histogram.max).toBe(1_000);
  });

  it("never reports beyond the observed range", () => {
    const histogram = new Histogram();
    histogram.record(5);
    expect(histogram.percentile(0.5)).toBe(5);
    expect(histogram.percentile(1)).toBe(5);
  });

  it("is empty until something is recorded and refuses nonsense", () => {
    const histogram = new Histogram();
    expect(histogram.percentile(0.99)).toBeNaN();
    expect(histogram.mean).toBeNaN();
    expect(() => histogram.record(-1)).toThrow();
    expect(() => histogram.record(Number.NaN)).toThrow();
    expect(() => histogram.percentile(0)).toThrow();
    expect(() => histogram.percentile(1.5)).toThrow();
  });

  it("merges samples of two histograms", () => {
    const a = new Histogram();
    const b = new Histogram();
    for (let i = 1; i <= 50; i++) a.record(i);
    for (let i = 51; i <= 100; i++) b.record(i);
    a.merge(b);
    const summary = summarise(a);
    expect(summary.count).toBe(100);
    expect(summary.mean).toBeCloseTo(50.5, 5);
    expect(summary.p50).toBeGreaterThanOrEqual(50);
    expect(summary.p50).toBeLessThan(51);
    expect(() => a.merge(new Histogram({ precision: 8 }))).toThrow();
  });
});
