import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { DEFAULT_DATA_DIR } from "./paths";

export const ROLES = ["developer", "provider", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Defaults shared with the gateway's AUTH_ISSUER / AUTH_AUDIENCE, so dev tokens verify out of the box. */
export const DEV_ISSUER = "https://auth.marketplace.local";
export const DEV_AUDIENCE = "marketplace-api";
export const DEFAULT_KEYS_DIR = join(DEFAULT_DATA_DIR, "dev-keys");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export interface DevKeys {
  kid: string;
  privateKey: CryptoKey;
  /** The public JWKS the gateway reads through AUTH_JWKS_FILE (development only). */
  jwksPath: string;
}

export interface DevTokenInput {
  /** The organisation's platform id (guid); the gateway scopes every call to it. */
  org: string;
  roles: readonly Role[];
  sub?: string;
  ttlSeconds?: number;
  issuer?: string;
  audience?: string;
  /** Issue time in epoch seconds, default now: tests sign tokens that have already expired. */
  issuedAt?: number;
  /** Where the key pair lives; defaults to `.local/dev-keys` so the CLI and the launcher share it. */
  keysDir?: string;
}

/**
 * The development key pair, created on first use and reused afterwards so tokens printed earlier keep
 * verifying. The private key is published with link(2), which fails when another process won the race,
 * so concurrent first uses agree on one key; the JWKS is always derived from the private key on disk.
 */
export async function loadDevKeys(dir = DEFAULT_KEYS_DIR): Promise<DevKeys> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const privatePath = join(dir, "private.jwk.json");
  const jwk = (await readJwk(privatePath)) ?? (await createPrivateJwk(privatePath));
  const jwksPath = join(dir, "jwks.json");
  await writeIfChanged(jwksPath, `${JSON.stringify({ keys: [publicJwk(jwk)] }, null, 2)}\n`);
  const privateKey = (await importJWK(jwk, "ES256")) as CryptoKey;
  return { kid: String(jwk.kid), privateKey, jwksPath };
}

/** A development ES256 token carrying the claims the gateway reads: iss, aud, sub, org, roles, iat, exp. */
export async function signDevToken(input: DevTokenInput): Promise<string> {
  if (!isUuid(input.org)) throw new Error(`org must be a UUID, got "${input.org}"`);
  if (input.roles.length === 0 || !input.roles.every(isRole)) {
    throw new Error(`roles must be a non-empty subset of ${ROLES.join(", ")}`);
  }
  const ttl = input.ttlSeconds ?? 3600;
  if (!Number.isInteger(ttl) || ttl <= 0)
    throw new Error(`ttlSeconds must be a positive integer, got ${ttl}`);
  const keys = await loadDevKeys(input.keysDir);
  const now = input.issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ org: input.org.toLowerCase(), roles: [...new Set(input.roles)] })
    .setProtectedHeader({ alg: "ES256", kid: keys.kid, typ: "JWT" })
    .setIssuer(input.issuer ?? DEV_ISSUER)
    .setAudience(input.audience ?? DEV_AUDIENCE)
    .setSubject(input.sub ?? "dev-user")
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .sign(keys.privateKey);
}

async function readJwk(path: string): Promise<JWK | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as JWK;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function createPrivateJwk(path: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const exported = await exportJWK(privateKey);
  const jwk: JWK = { ...exported, kid: await calculateJwkThumbprint(exported), alg: "ES256", use: "sig" };
  const tmp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(tmp, `${JSON.stringify(jwk, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(tmp, path);
    return jwk;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readJwk(path))!;
  } finally {
    await unlink(tmp);
  }
}

function publicJwk(jwk: JWK): JWK {
  const { kty, crv, x, y, kid } = jwk;
  return { kty, crv, x, y, kid, alg: "ES256", use: "sig" };
}

async function writeIfChanged(path: string, content: string): Promise<void> {
  const current = await readFile(path, "utf8").catch(() => undefined);
  if (current === content) return;
  const tmp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, path);
}
