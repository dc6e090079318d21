import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EMPTY_METADATA,
  METADATA_FIELDS,
  type MetadataFields,
  type MetadataPatch,
  mergeMetadata,
  metadataFromApplication,
} from "./metadata";

const previous: MetadataFields = {
  displayName: "Thermostat",
  description: "Keeps rooms warm",
  algorithmType: null,
  licenseUrl: "https://example.com/license",
  eulaUrl: null,
};

const fieldError = (patch: MetadataPatch) => {
  try {
    mergeMetadata(previous, patch);
  } catch (error) {
    return (error as { errors: Record<string, string[]> }).errors;
  }
  return undefined;
};

describe("mergeMetadata", () => {
  it("keeps omitted fields, clears null ones and sets given ones (trimming the display name)", () => {
    expect(
      mergeMetadata(previous, { displayName: "  Thermo  ", licenseUrl: null, algorithmType: "pid" }),
    ).toEqual({ ...previous, displayName: "Thermo", licenseUrl: null, algorithmType: "pid" });
  });

  it("an empty patch appends the same record", () => {
    expect(mergeMetadata(previous, {})).toEqual(previous);
  });

  it("validates every limit with body.<field> paths", () => {
    expect(fieldError({ displayName: "   " })).toHaveProperty(["body.displayName"]);
    expect(fieldError({ displayName: "x".repeat(81) })).toHaveProperty(["body.displayName"]);
    expect(fieldError({ displayName: ` ${"x".repeat(80)} ` })).toBeUndefined();
    expect(fieldError({ description: "x".repeat(4001) })).toHaveProperty(["body.description"]);
    expect(fieldError({ description: "x".repeat(4000) })).toBeUndefined();
    expect(fieldError({ algorithmType: "x".repeat(65) })).toHaveProperty(["body.algorithmType"]);
    expect(fieldError({ licenseUrl: "http://example.com" })).toHaveProperty(["body.licenseUrl"]);
    expect(fieldError({ eulaUrl: "/relative" })).toHaveProperty(["body.eulaUrl"]);
    expect(fieldError({ eulaUrl: `https://e.com/${"a".repeat(2040)}` })).toHaveProperty(["body.eulaUrl"]);
    expect(Object.keys(fieldError({ displayName: "", licenseUrl: "ftp://x" }) ?? {})).toEqual([
      "body.displayName",
      "body.licenseUrl",
    ]);
  });

  it("for any patch: omitted fields are the previous value, null fields are null", () => {
    const value = fc.option(fc.constantFrom("A name", "https://example.com/x"), { nil: null });
    const patchArb = fc.record(
      Object.fromEntries(METADATA_FIELDS.map((f) => [f, fc.option(value, { nil: undefined })])),
    ) as fc.Arbitrary<MetadataPatch>;
    fc.assert(
      fc.property(patchArb, (patch) => {
        let merged: MetadataFields;
        try {
          merged = mergeMetadata(previous, patch);
        } catch {
          return; // invalid values are covered above
        }
        for (const field of METADATA_FIELDS) {
          if (patch[field] === undefined) expect(merged[field]).toBe(previous[field]);
          else if (patch[field] === null) expect(merged[field]).toBeNull();
          else expect(merged[field]).toBe(patch[field]);
        }
      }),
    );
  });
});

describe("metadataFromApplication", () => {
  it("copies name and description, cutting a name beyond the marketplace's limit", () => {
    expect(metadataFromApplication({ name: " Thermo ", description: "Warm" })).toEqual({
      ...EMPTY_METADATA,
      displayName: "Thermo",
      description: "Warm",
    });
    expect(metadataFromApplication({ name: "n".repeat(100), description: "" })).toMatchObject({
      displayName: "n".repeat(80),
      description: null,
    });
  });
});
