import { ValidationError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { ALGORITHM_TYPE_MAX, DISPLAY_NAME_MAX, EMPTY_METADATA, mergeMetadata, URL_MAX } from "./metadata";

/**
 * The contract's metadata bounds at their edges and the https rule accepting what it should, which the
 * mutation pass found undefended (every URL refused, or a one-character name refused, failed no test).
 */
describe("metadata bounds", () => {
  const fieldsOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return Object.keys((error as ValidationError).errors);
    }
    return [];
  };

  it("accepts values exactly at each bound", () => {
    const url = `https://example.com/${"p".repeat(URL_MAX - "https://example.com/".length)}`;
    const merged = mergeMetadata(EMPTY_METADATA, {
      displayName: " A ",
      algorithmType: "t".repeat(ALGORITHM_TYPE_MAX),
      licenseUrl: url,
      eulaUrl: "https://example.com/eula",
    });
    expect(merged).toMatchObject({ displayName: "A", licenseUrl: url, eulaUrl: "https://example.com/eula" });
    expect(
      mergeMetadata(EMPTY_METADATA, { displayName: "n".repeat(DISPLAY_NAME_MAX) }).displayName,
    ).toHaveLength(DISPLAY_NAME_MAX);
  });

  it("refuses values one past each bound, and URLs that are not absolute https", () => {
    expect(
      fieldsOf(() =>
        mergeMetadata(EMPTY_METADATA, {
          displayName: "n".repeat(DISPLAY_NAME_MAX + 1),
          algorithmType: "t".repeat(ALGORITHM_TYPE_MAX + 1),
          licenseUrl: `https://example.com/${"p".repeat(URL_MAX)}`,
          eulaUrl: "http://example.com/eula",
        }),
      ).sort(),
    ).toEqual(["body.algorithmType", "body.displayName", "body.eulaUrl", "body.licenseUrl"]);
    expect(fieldsOf(() => mergeMetadata(EMPTY_METADATA, { licenseUrl: "not a url" }))).toEqual([
      "body.licenseUrl",
    ]);
  });
});
