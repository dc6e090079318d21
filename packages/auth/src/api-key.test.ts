import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type ApiKeyLookup,
  apiKeyFromHeader,
  apiKeyModeOf,
  authenticateApiKey,
  generateApiKey,
  hashApiKey,
  isApiKeyFormat,
  isRoleSubset,
  type StoredApiKey,
} from "./api-key";

/** A key store that also counts lookups, to prove which keys are refused before any. */
function lookupOf(...keys: StoredApiKey[]): ApiKeyLookup & { lookups: number } {
  const store = {
    lookups: 0,
    findByHash: async (hash: Buffer) => {
      store.lookups += 1;
      return keys.find((k) => k.keyHash.equals(hash));
    },
  };
  return store;
}

const ORG = "0193A1B2-0000-7000-8000-00000000000A";
const stored = (hash: Buffer, fields: Partial<StoredApiKey> = {}): StoredApiKey => ({
  id: "k1",
  organisationId: ORG,
  roles: ["provider"],
  keyHash: hash,
  revokedAt: null,
  expiresAt: null,
  ...fields,
});

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
    expect(apiKeyModeOf(`mk_live_${"a".repeat(32)}`)).toBe("live");
    expect(apiKeyModeOf(`mk_test_${"a".repeat(32)}`)).toBe("test");
    expect(apiKeyModeOf("mk_test_short")).toBeUndefined();
  });

  it("accepts the key alone or as Bearer <key>", () => {
    expect(apiKeyFromHeader("Bearer mk_test_x")).toBe("mk_test_x");
    expect(apiKeyFromHeader("bearer   mk_test_x ")).toBe("mk_test_x");
    expect(apiKeyFromHeader("mk_test_x")).toBe("mk_test_x");
  });

  it("resolves a known key and refuses unknown, malformed and revoked ones", async () => {
    const good = generateApiKey("test");
    const revoked = generateApiKey("test");
    const lookup = lookupOf(
      stored(good.hash),
      stored(revoked.hash, { id: "k2", roles: ["admin"], revokedAt: new Date() }),
    );
    const test = { mode: "test" } as const;
    await expect(authenticateApiKey(`Bearer ${good.key}`, lookup, test)).resolves.toMatchObject({
      principal: {
        subject: "api-key:k1",
        organisationId: ORG.toLowerCase(),
        roles: ["provider"],
        via: "api-key",
      },
    });
    await expect(authenticateApiKey(revoked.key, lookup, test)).rejects.toThrow(/revoked/);
    await expect(authenticateApiKey(generateApiKey("test").key, lookup, test)).rejects.toThrow(
      /not recognised/,
    );
    await expect(authenticateApiKey("mk_test_short", lookup, test)).rejects.toThrow(/malformed/);
  });

  it("refuses the other environment's prefix before any lookup", async () => {
    const live = generateApiKey("live");
    const test = generateApiKey("test");
    const lookup = lookupOf(stored(live.hash), stored(test.hash, { id: "k2" }));
    await expect(authenticateApiKey(test.key, lookup, { mode: "live" })).rejects.toMatchObject({
      code: "unauthenticated",
      message: expect.stringMatching(/only mk_live_/),
    });
    await expect(authenticateApiKey(live.key, lookup, { mode: "test" })).rejects.toThrow(/only mk_test_/);
    await expect(authenticateApiKey("not-a-key", lookup, { mode: "test" })).rejects.toThrow(/malformed/);
    expect(lookup.lookups).toBe(0);
    await expect(authenticateApiKey(live.key, lookup, { mode: "live" })).resolves.toBeDefined();
    expect(lookup.lookups).toBe(1);
  });

  it("refuses a key from the instant it expires", async () => {
    const key = generateApiKey("test");
    const expiresAt = new Date("2030-01-01T00:00:00Z");
    const lookup = lookupOf(stored(key.hash, { expiresAt }));
    const at = (iso: string) => ({ mode: "test" as const, now: () => new Date(iso) });
    await expect(authenticateApiKey(key.key, lookup, at("2029-12-31T23:59:59.999Z"))).resolves.toBeDefined();
    await expect(authenticateApiKey(key.key, lookup, at("2030-01-01T00:00:00Z"))).rejects.toMatchObject({
      code: "unauthenticated",
      message: expect.stringMatching(/expired/),
    });
  });

  it("lets a key carry only roles its creator holds", () => {
    expect(isRoleSubset(["provider"], ["provider", "admin"])).toBe(true);
    expect(isRoleSubset(["admin"], ["provider"])).toBe(false);
    expect(isRoleSubset([], ["provider"])).toBe(true);
  });
});
