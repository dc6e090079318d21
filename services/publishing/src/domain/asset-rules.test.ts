import { describe, expect, it } from "vitest";
import { assertAttachable } from "./asset-rules";

describe("assertAttachable", () => {
  it("accepts a ready asset of the expected type", () => {
    expect(() => assertAttachable({ assetType: "icon", status: "ready" }, "icon")).not.toThrow();
    expect(() => assertAttachable({ assetType: "image", status: "ready" }, "image")).not.toThrow();
  });

  it("maps type, pending and rejected to the contract's errors", () => {
    expect(() => assertAttachable({ assetType: "image", status: "ready" }, "icon")).toThrowError(
      expect.objectContaining({ code: "validation-failed", errors: { "body.assetId": expect.any(Array) } }),
    );
    expect(() => assertAttachable({ assetType: "icon", status: "pending" }, "icon")).toThrowError(
      expect.objectContaining({ code: "asset-not-ready" }),
    );
    expect(() => assertAttachable({ assetType: "image", status: "rejected" }, "image")).toThrowError(
      expect.objectContaining({ code: "asset-invalid" }),
    );
  });
});
