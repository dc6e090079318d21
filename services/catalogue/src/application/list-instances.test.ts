import { describe, expect, it } from "vitest";
import { parseListQuery } from "./list-instances";

describe("parseListQuery", () => {
  it("applies contract defaults for unset (zero/empty) proto fields", () => {
    expect(parseListQuery({ page: 0, pageSize: 0, orderBy: "", direction: "" })).toEqual({
      page: 1,
      pageSize: 20,
      orderBy: "createdAt",
      direction: "desc",
    });
  });

  it("rejects out-of-bounds values instead of clamping them", () => {
    expect(() =>
      parseListQuery({ page: 10_001, pageSize: 101, orderBy: "price", direction: "up" }),
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
