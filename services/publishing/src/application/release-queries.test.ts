import { describe, expect, it } from "vitest";
import { normaliseGuid, parseItemReleasesQuery } from "./release-queries";

describe("parseItemReleasesQuery", () => {
  it("applies contract defaults and accepts version ordering", () => {
    expect(parseItemReleasesQuery({ page: 0, pageSize: 0, orderBy: "", direction: "" })).toEqual({
      page: 1,
      pageSize: 20,
      orderBy: "createdAt",
      direction: "desc",
    });
    expect(
      parseItemReleasesQuery({ page: 2, pageSize: 5, orderBy: "version", direction: "asc" }).orderBy,
    ).toBe("version");
  });

  it("rejects unknown orders and bounds", () => {
    expect(() =>
      parseItemReleasesQuery({ page: 10_001, pageSize: 101, orderBy: "name", direction: "up" }),
    ).toThrowError(
      expect.objectContaining({
        errors: {
          "query.page": expect.any(Array),
          "query.pageSize": expect.any(Array),
          "query.orderBy": expect.any(Array),
          "query.direction": expect.any(Array),
        },
      }),
    );
  });
});

describe("normaliseGuid", () => {
  it("lowercases guids and refuses anything else", () => {
    expect(normaliseGuid("0193A1B2-0000-7000-8000-0000000000AA")).toBe(
      "0193a1b2-0000-7000-8000-0000000000aa",
    );
    expect(normaliseGuid("nope")).toBeUndefined();
  });
});
