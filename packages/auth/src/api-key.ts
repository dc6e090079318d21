import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Principal, Role } from "@mp/contracts";
import { UnauthenticatedError } from "@mp/errors";

/**
 * `live` keys are issued and accepted in production, `test` keys everywhere else; the prefix tells a human
 * which, and a key leaked from a test system opens nothing in production (nor the reverse).
 */
export type ApiKeyMode = "live" | "test";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 40 base62 characters carry ~238 bits, above the contract's floor of 32 characters. */
const SECRET_LENGTH = 40;
const API_KEY_PATTERN = /^mk_(live|test)_[0-9A-Za-z]{32,128}$/;

/** The mode a well-formed key was issued in, read from its prefix. */
export function apiKeyModeOf(key: string): ApiKeyMode | undefined {
  const match = API_KEY_PATTERN.exec(key);
  return match ? (match[1] as ApiKeyMode) : undefined;
}
/** Characters of the key kept in clear (`mk_test_AbCd`), enough for a human to tell keys apart. */
const PREFIX_LENGTH = 12;

export interface GeneratedApiKey {
  /** Shown to the caller once and never stored. */
  key: string;
  /** SHA-256 of the key: the only form persisted. */
  hash: Buffer;
  prefix: string;
}

/** A fresh key from the CSPRNG; base62 digits are drawn by rejection sampling so none is more likely. */
export function generateApiKey(mode: ApiKeyMode): GeneratedApiKey {
  let secret = "";
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      // 248 = 4 * 62: bytes at or above it would bias the first digits.
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += BASE62[byte % 62];
    }
  }
  const key = `mk_${mode}_${secret}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/** True for strings shaped like a marketplace key; anything else is refused without a database lookup. */
export function isApiKeyFormat(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** What the key store returns for a hash. */
export interface StoredApiKey {
  id: string;
  organisationId: string;
  roles: Role[];
  keyHash: Buffer;
  revokedAt: Date | null;
  /** After this instant the key answers 401; null for a key that does not expire. */
  expiresAt: Date | null;
}

export interface ApiKeyLookup {
  findByHash(hash: Buffer): Promise<StoredApiKey | undefined>;
}

/**
 * `x-api-key` carries the key alone or as `Bearer <key>` (the IoT platform's tools send the latter).
 */
export function apiKeyFromHeader(value: string): string {
  const trimmed = value.trim();
  return /^bearer\s+/i.test(trimmed) ? trimmed.replace(/^bearer\s+/i, "") : trimmed;
}

export interface ApiKeyCheck {
  /** The only prefix this environment accepts; a key of the other one is refused before any lookup. */
  mode: ApiKeyMode;
  /** The clock expiry is judged by. */
  now?: () => Date;
}

/**
 * Resolve a presented key to its principal. A malformed key or one of the other environment's prefix is
 * refused without touching the database. The lookup is by SHA-256 digest, so the database never
 * compares secrets; the stored digest is compared again in constant time before the key is trusted.
 * Revocation and expiry take effect on the next request because nothing is cached.
 */
export async function authenticateApiKey(
  presented: string,
  lookup: ApiKeyLookup,
  check: ApiKeyCheck,
): Promise<{ principal: Principal; key: StoredApiKey }> {
  const key = apiKeyFromHeader(presented);
  const mode = apiKeyModeOf(key);
  if (mode === undefined) throw new UnauthenticatedError("The API key is malformed.");
  if (mode !== check.mode) {
    throw new UnauthenticatedError(`This environment accepts only mk_${check.mode}_ API keys.`);
  }
  const hash = hashApiKey(key);
  const stored = await lookup.findByHash(hash);
  if (!stored || stored.keyHash.length !== hash.length || !timingSafeEqual(stored.keyHash, hash)) {
    throw new UnauthenticatedError("The API key is not recognised.");
  }
  if (stored.revokedAt !== null) throw new UnauthenticatedError("The API key has been revoked.");
  const now = check.now?.() ?? new Date();
  if (stored.expiresAt !== null && stored.expiresAt.getTime() <= now.getTime()) {
    throw new UnauthenticatedError("The API key has expired.");
  }
  return {
    key: stored,
    principal: {
      subject: `api-key:${stored.id}`,
      organisationId: stored.organisationId.toLowerCase(),
      roles: [...stored.roles],
      via: "api-key",
    },
  };
}

/** A key may carry only roles its creator holds, so a key never escalates its creator's rights. */
export function isRoleSubset(requested: readonly Role[], held: readonly Role[]): boolean {
  return requested.every((role) => held.includes(role));
}
