import { describe, expect, it } from "vitest";
import { median } from "./median";

describe("median", () => {
  it("takes the middle value of an odd list, whatever its order, and leaves the list as it was", () => {
    const values = [9, 1, 5];
    expect(median(values)).toBe(5);
    expect(values).toEqual([9, 1, 5]);
  });

  it("takes the mean of the two middle values of an even list", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
