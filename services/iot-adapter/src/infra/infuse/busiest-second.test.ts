import { describe, expect, it } from "vitest";
import { BusiestSecond } from "./busiest-second";

function busiest(times: number[]): number {
  const tracker = new BusiestSecond();
  for (const at of times) tracker.record(at);
  return tracker.value;
}

/** The same figure by brute force: every span starting at a grant. */
function bruteForce(times: number[]): number {
  return Math.max(0, ...times.map((from) => times.filter((t) => t >= from && t - from < 1_000).length));
}

describe("the busiest second of grants", () => {
  it("finds the busiest span anywhere, not only in whole seconds", () => {
    expect(busiest([0, 100, 600, 700, 800, 1_300, 1_500, 2_700])).toBe(5);
  });

  it("counts a span as half-open: grants exactly a second apart are in different seconds", () => {
    expect(busiest([0, 1_000, 2_000])).toBe(1);
    expect(busiest([0, 999.5, 2_000])).toBe(2);
  });

  it("puts a grant that comes back late in its place", () => {
    // 950 is recorded after 1,400: the span [950, 1950) then holds 950, 1400 and 1900.
    expect(busiest([0, 1_400, 950, 1_900])).toBe(3);
    expect(busiest([1_400, 0, 950, 1_900])).toBe(3);
  });

  it("agrees with counting every span, over a long run of grants in slight disorder", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const times: number[] = [];
    for (let i = 0, at = 0; i < 3_000; i++) {
      at += random() * 40;
      times.push(at);
    }
    // Swap neighbours here and there, as two connections answering at once would.
    const arrived = [...times];
    for (let i = 1; i < arrived.length; i += 7)
      [arrived[i - 1], arrived[i]] = [arrived[i], arrived[i - 1]] as [number, number];
    expect(busiest(arrived)).toBe(bruteForce(times));
    expect(busiest(arrived)).toBeGreaterThan(40);
  });
});
