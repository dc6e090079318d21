import { describe, expect, it } from "vitest";
import { consumerFilter, supportsMultipleFilters } from "./consumer-config";

describe("consumerFilter", () => {
  it("filters one subject on any server", () => {
    expect(consumerFilter(["a.b"], "2.9.10")).toEqual({ filter_subject: "a.b", filter_subjects: undefined });
  });

  it("filters several subjects server-side only where the server supports it", () => {
    expect(consumerFilter(["a.b", "a.c"], "2.10.0")).toEqual({
      filter_subject: undefined,
      filter_subjects: ["a.b", "a.c"],
    });
    expect(consumerFilter(["a.b", "a.c"], "2.9.10")).toEqual({
      filter_subject: undefined,
      filter_subjects: undefined,
    });
  });

  it("reads server versions", () => {
    expect(["2.10.0", "2.11.3", "3.0.0", "v2.12.1"].map(supportsMultipleFilters)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["2.9.25", "1.99.0", "", undefined].map(supportsMultipleFilters)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
