import { describe, expect, it } from "vitest";
import { type ApiKeyLookup, authenticateApiKey, generateApiKey, isApiKeyFormat } from "./api-key";

/**
 * The format check is anchored at both ends, found undefended by the mutation pass: a valid key with
 * anything before or after it is malformed and costs no lookup.
 */
describe("API key format guard", () => {
  it("refuses a valid key wrapped in anything, before any lookup", async () => {
    const { key } = generateApiKey("test");
    let lookups = 0;
    const lookup: ApiKeyLookup = {
      findByHash: async () => {
        lookups += 1;
        return undefined;
      },
    };
    expect(isApiKeyFormat(key)).toBe(true);
    for (const wrapped of [`x${key}`, `${key}!`, `${key}${"a".repeat(200)}`]) {
      expect(isApiKeyFormat(wrapped), wrapped).toBe(false);
      await expect(authenticateApiKey(wrapped, lookup, { mode: "test" })).rejects.toThrow(/malformed/);
    }
    expect(lookups).toBe(0);
  });
});
