import { describe, expect, it } from "vitest";
import { envelopeOf } from "./payment-event";

const bytes = Buffer.from("{}");
const errorsOf = (event: unknown) => {
  try {
    envelopeOf(event, bytes);
  } catch (error) {
    return (error as { extensions: { errors: Record<string, string[]> } }).extensions.errors;
  }
  return undefined;
};

describe("the envelope's bounds", () => {
  it("an id or type of 1 and of 255 characters is kept; empty or 256 is refused with the rule", () => {
    for (const text of ["e", "e".repeat(255)]) {
      expect(envelopeOf({ id: text, type: "x" }, bytes).id).toBe(text);
      expect(envelopeOf({ id: "evt_1", type: text }, bytes).type).toBe(text);
    }
    expect(errorsOf({ id: "", type: "x" })).toEqual({
      "body.id": ["must be a string of 1 to 255 characters"],
    });
    expect(errorsOf({ id: "evt_1", type: "t".repeat(256) })).toEqual({
      "body.type": ["must be a string of 1 to 255 characters"],
    });
  });

  it("a control character is refused with the single-line message", () => {
    expect(errorsOf({ id: "evt\u0007", type: "x" })).toEqual({
      "body.id": [expect.stringMatching(/control character/i)],
    });
  });

  it("what is not a JSON object is refused as the body", () => {
    expect(errorsOf(null)).toEqual({ body: ["must be a JSON object"] });
    expect(errorsOf([])).toEqual({ body: ["must be a JSON object"] });
    expect(errorsOf(7)).toEqual({ body: ["must be a JSON object"] });
  });

  it("created is kept from 0 up to below 2^33 whole seconds; anything else is null", () => {
    const createdOf = (created: unknown) => envelopeOf({ id: "evt_1", type: "x", created }, bytes).created;
    expect(createdOf(0)).toEqual(new Date(0));
    expect(createdOf(2 ** 33 - 1)).toEqual(new Date((2 ** 33 - 1) * 1000));
    expect(createdOf(2 ** 33)).toBeNull();
    expect(createdOf(-1)).toBeNull();
    expect(createdOf("1700000000")).toBeNull();
    expect(createdOf(undefined)).toBeNull();
  });
});
