import { describe, expect, it } from "vitest";
import { isGuid, parseGuid } from "./index";

const ID = "0193A5D0-de00-7000-8000-000000000001";

describe("isGuid", () => {
  it("takes a guid in either case", () => {
    expect(isGuid(ID)).toBe(true);
    expect(isGuid(ID.toLowerCase())).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["short", ID.slice(1)],
    ["a prefix before it", `x${ID}`],
    ["a suffix after it", `${ID}x`],
    ["a newline after it", `${ID}\n`],
    ["braces", `{${ID}}`],
    ["no dashes", ID.replaceAll("-", "")],
    ["a non-hex letter", ID.replace("A", "g")],
  ])("refuses %s", (_what, value) => {
    expect(isGuid(value)).toBe(false);
  });
});

describe("parseGuid", () => {
  it("lowercases a guid", () => {
    expect(parseGuid(ID, "path.id")).toBe(ID.toLowerCase());
  });

  it("is a 400 naming the field otherwise", () => {
    expect(() => parseGuid("nope", "body.deviceId")).toThrow(
      expect.objectContaining({ code: "validation-failed", errors: { "body.deviceId": ["must be a guid"] } }),
    );
  });
});
