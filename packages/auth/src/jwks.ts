import { readFile } from "node:fs/promises";
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

/**
 * The identity provider's published keys, cached and refreshed by jose (a new `kid` triggers a refetch
 * after a short cooldown), so key rotation needs no gateway restart.
 */
export function remoteJwks(url: string | URL): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url), {
    timeoutDuration: 3_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
}

/**
 * A JWKS read once from a file: development and tests sign their own tokens with a local key pair. The
 * file is read at boot so a missing or malformed file fails start-up, not the first request.
 */
export async function localJwks(path: string): Promise<JWTVerifyGetKey> {
  const parsed = JSON.parse(await readFile(path, "utf8")) as JSONWebKeySet;
  if (!parsed || !Array.isArray(parsed.keys)) throw new Error(`${path} is not a JWKS (no "keys" array)`);
  return createLocalJWKSet(parsed);
}
