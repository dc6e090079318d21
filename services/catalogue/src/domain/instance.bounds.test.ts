import { ValidationError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { INSTANCE_NAME_MAX, validateNewInstance } from "./instance";

/** The contract's bounds at both ends (1..120 characters), which the mutation pass found undefended at 1. */
describe("instance name bounds", () => {
  const input = (name: string) => ({ name, defaultCurrency: "eur", platformFeeBps: 0 });

  it("accepts a name of one character and of the maximum, trimmed", () => {
    expect(validateNewInstance(input(" E ")).name).toBe("E");
    expect(validateNewInstance(input("n".repeat(INSTANCE_NAME_MAX))).name).toHaveLength(INSTANCE_NAME_MAX);
  });

  it("refuses an empty name and one over the maximum", () => {
    for (const name of ["   ", "n".repeat(INSTANCE_NAME_MAX + 1)]) {
      expect(() => validateNewInstance(input(name))).toThrow(ValidationError);
    }
  });
});
