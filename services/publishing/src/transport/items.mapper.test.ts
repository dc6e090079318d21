import { describe, expect, it } from "vitest";
import { fromAppendMetadataRequest, fromMoneyMessage } from "./items.mapper";

describe("items mapper", () => {
  it("reads a metadata patch: present fields set, cleared fields null, others left out", () => {
    expect(
      fromAppendMetadataRequest({ id: "i", displayName: "Heat", clear: ["licenseUrl", "eulaUrl"] }),
    ).toEqual({ displayName: "Heat", licenseUrl: null, eulaUrl: null });
    expect(fromAppendMetadataRequest({ id: "i", clear: [] })).toEqual({});
  });

  it("refuses unknown or contradictory clears", () => {
    expect(() => fromAppendMetadataRequest({ id: "i", clear: ["name"] })).toThrowError(
      expect.objectContaining({ code: "validation-failed" }),
    );
    expect(() =>
      fromAppendMetadataRequest({ id: "i", description: "d", clear: ["description"] }),
    ).toThrowError(expect.objectContaining({ errors: { "body.description": expect.any(Array) } }));
  });

  it("reads int64 amounts exactly and refuses anything else", () => {
    expect(fromMoneyMessage({ amount: "1999", currency: "EUR" })).toEqual({ amount: 1999, currency: "EUR" });
    expect(fromMoneyMessage({ amount: "-5", currency: "EUR" }).amount).toBe(-5); // the domain refuses it
    for (const amount of ["1.5", "1e3", "99999999999999999", ""])
      expect(() => fromMoneyMessage({ amount, currency: "EUR" })).toThrowError(
        expect.objectContaining({ code: "validation-failed" }),
      );
    expect(() => fromMoneyMessage(null)).toThrowError(expect.objectContaining({ code: "validation-failed" }));
  });
});
