import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type ApiKeyLookup,
  apiKeyFromHeader,
  authenticateApiKey,
  generateApiKey,
  hashApiKey,
  isApiKeyFormat,
  isRoleSubset,
  type StoredApiKey,
} from "./api-key";

function lookupOf(...keys: StoredApiKey[]): ApiKeyLookup {
  return { findByHash: async (hash) => keys.find((k) => k.keyHash.equals(hash)) };
}

describe("API keys", () => {
  it("generates keys in the contract's format with a random base62 secret", () => {
    const live = generateApiKey("live");
    const test = generateApiKey("test");
    expect(live.key).toMatch(/^mk_live_[0-9A-Za-z]{40}$/);
    expect(test.key).toMatch(/^mk_test_[0-9A-Za-z]{40}$/);
    expect(test.prefix).toBe(test.key.slice(0, 12));
    expect(new Set(Array.from({ length: 50 }, () => generateApiKey("test").key)).size).toBe(50);
  });

  it("stores only the SHA-256 digest", () => {
    const { key, hash } = generateApiKey("test");
    expect(hash.equals(createHash("sha256").update(key).digest())).toBe(true);
    expect(hashApiKey(key).length).toBe(32);
  });

  it("checks the format strictly", () => {
    expect(isApiKeyFormat(`mk_test_${"a".repeat(32)}`)).toBe(true);
    expect(isApiKeyFormat(`mk_test_${"a".repeat(31)}`)).toBe(false);
    expect(isApiKeyFormat(`mk_prod_${"a".repeat(32)}`)).toBe(false);
    expect(isApiKeyFormat(`mk_live_${"a".repeat(31)}-`)).toBe(false);
  });

  it("accepts the key alone or as Bearer <key>", () => {
    expect(apiKeyFromHeader("Bearer mk_test_x")).toBe("mk_test_x");
    expect(apiKeyFromHeader("bearer   mk_test_x ")).toBe("mk_test_x");
    expect(apiKeyFromHeader("mk_test_x")).toBe("mk_test_x");
  });

  it("resolves a known key and refuses unknown, malformed and revoked ones", async () => {
    const good = generateApiKey("test");
    const revoked = generateApiKey("live");
    const org = "0193A1B2-0000-7000-8000-00000000000A";
    const lookup = lookupOf(
      { id: "k1", organisationId: org, roles: ["provider"], keyHash: good.hash, revokedAt: null },
      { id: "k2", organisationId: org, roles: ["admin"], keyHash: revoked.hash, revokedAt: new Date() },
    );
    await expect(authenticateApiKey(`Bearer ${good.key}`, lookup)).resolves.toMatchObject({
      principal: {
        subject: "api-key:k1",
        organisationId: org.toLowerCase(),
        roles: ["provider"],
        via: "api-key",
      },
    });
    await expect(authenticateApiKey(revoked.key, lookup)).rejects.toThrow(/revoked/);
    await expect(authenticateApiKey(generateApiKey("test").key, lookup)).rejects.toThrow(/not recognised/);
    await expect(authenticateApiKey("mk_test_short", lookup)).rejects.toThrow(/malformed/);
  });

  it("lets a key carry only roles its creator holds", () => {
    expect(isRoleSubset(["provider"], ["provider", "admin"])).toBe(true);
    expect(isRoleSubset(["admin"], ["provider"])).toBe(false);
    expect(isRoleSubset([], ["provider"])).toBe(true);
  });
});
