import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { requestCreation } from "./request-creation";

describe("requestCreation", () => {
  it("keys a creation by the call's request id with a SHA-256 digest of its values as JSON", () => {
    const values = ["https://example.com/hook", ["install.failed"], null];
    expect(requestCreation({ requestId: "r-1" }, values)).toEqual({
      key: "r-1",
      digest: createHash("sha256").update(JSON.stringify(values)).digest("hex"),
    });
    // Other values, another digest; the same values, the same one.
    const other = requestCreation({ requestId: "r-1" }, [...values.slice(0, 2), "a description"]);
    expect(other?.digest).not.toBe(requestCreation({ requestId: "r-1" }, values)?.digest);
  });

  it("is undefined for a call without a request id", () => {
    expect(requestCreation({ requestId: "" }, [1])).toBeUndefined();
  });
});
