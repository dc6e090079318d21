import { describe, expect, it } from "vitest";
import { SCENARIOS } from "./registry";

describe("the scenarios' run order", () => {
  const position = (id: string) => SCENARIOS.findIndex((scenario) => scenario.id === id);

  it("lists every scenario once", () => {
    const ids = SCENARIOS.map((scenario) => scenario.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("runs I and J before E, whose payments buy the demo item for every demo provider device", () => {
    expect(position("I")).toBeGreaterThanOrEqual(0);
    expect(position("J")).toBeGreaterThanOrEqual(0);
    expect(position("I")).toBeLessThan(position("E"));
    expect(position("J")).toBeLessThan(position("E"));
  });
});
