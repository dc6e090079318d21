import { ValidationError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { createInstance, validateNewInstance } from "./instance";

describe("validateNewInstance", () => {
  it("normalises a valid input", () => {
    expect(validateNewInstance({ name: "  Europe  ", defaultCurrency: "eur", platformFeeBps: 0 })).toEqual({
      name: "Europe",
      defaultCurrency: "EUR",
      platformFeeBps: 0,
    });
    expect(
      validateNewInstance({ name: "x".repeat(120), defaultCurrency: "JPY", platformFeeBps: 5000 }).name,
    ).toHaveLength(120);
  });

  it("names every invalid field at once", () => {
    try {
      validateNewInstance({ name: "   ", defaultCurrency: "EURO", platformFeeBps: 5001 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(Object.keys((error as ValidationError).errors).sort()).toEqual([
        "body.defaultCurrency",
        "body.name",
        "body.platformFeeBps",
      ]);
    }
  });

  it.each([-1, 1.5, Number.NaN, 5001])("rejects platformFeeBps %s", (fee) => {
    expect(() => validateNewInstance({ name: "a", defaultCurrency: "EUR", platformFeeBps: fee })).toThrow(
      ValidationError,
    );
  });

  it("rejects unknown currency codes and over-long names", () => {
    expect(() => validateNewInstance({ name: "a", defaultCurrency: "XXX", platformFeeBps: 1 })).toThrow(
      ValidationError,
    );
    expect(() =>
      validateNewInstance({ name: "x".repeat(121), defaultCurrency: "EUR", platformFeeBps: 1 }),
    ).toThrow(ValidationError);
  });
});

describe("createInstance", () => {
  it("is owned by the caller's organisation, lower-cased", () => {
    const now = new Date("2026-01-02T03:04:05.678Z");
    const instance = createInstance(
      { name: "EU", defaultCurrency: "EUR", platformFeeBps: 250 },
      { organisationId: "0193A1B2-0000-7000-8000-00000000000A" },
      { id: "0193a1b2-0000-7000-8000-0000000000ff", now },
    );
    expect(instance).toEqual({
      id: "0193a1b2-0000-7000-8000-0000000000ff",
      name: "EU",
      ownerOrganisationId: "0193a1b2-0000-7000-8000-00000000000a",
      defaultCurrency: "EUR",
      platformFeeBps: 250,
      createdAt: now,
    });
  });
});
