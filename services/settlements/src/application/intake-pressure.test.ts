import { describe, expect, it } from "vitest";
import { makeIntakePressure } from "./intake-pressure";

function clock() {
  let t = 10_000;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

describe("makeIntakePressure", () => {
  it("reports the notifications of the last second or so per second", () => {
    const c = clock();
    const pressure = makeIntakePressure(c.now);
    expect(pressure.perSecond()).toBe(0);
    for (let i = 0; i < 10; i++) {
      pressure.note(50);
      c.advance(100);
    }
    // A window has just ended: the 250 of the last 500 ms, over 500 ms.
    expect(pressure.perSecond()).toBe(500);
    pressure.note(100);
    expect(pressure.perSecond()).toBe(700);
    c.advance(250);
    // 350 over 750 ms.
    expect(pressure.perSecond()).toBeCloseTo(350 / 0.75, 5);
  });

  it("forgets a burst once a window passes without one", () => {
    const c = clock();
    const pressure = makeIntakePressure(c.now);
    pressure.note(1_000);
    c.advance(600);
    expect(pressure.perSecond()).toBeCloseTo(1_000 / 0.6, 5);
    c.advance(500);
    expect(pressure.perSecond()).toBe(0);
    pressure.note(3);
    c.advance(5_000);
    expect(pressure.perSecond()).toBe(0);
  });
});
