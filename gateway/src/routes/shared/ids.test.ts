import { describe, expect, it } from "vitest";
import { lowercaseId } from "./ids";

describe("lowercaseId", () => {
  it("lowercases like toLowerCase and returns a lowercase id as it is", () => {
    const lower = "0193a1b2-0000-7000-8000-0000000000aa";
    expect(lowercaseId(lower)).toBe(lower);
    expect(lowercaseId("0193A1B2-0000-7000-8000-0000000000AA")).toBe(lower);
    expect(lowercaseId("Mixed-Ab")).toBe("mixed-ab");
    expect(lowercaseId("")).toBe("");
  });
});
