import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppError } from "@mp/errors";
import {
  type CryptoKey,
  createLocalJWKSet,
  errors,
  exportJWK,
  generateKeyPair,
  type JWTVerifyGetKey,
  SignJWT,
} from "jose";
import { describe, expect, it } from "vitest";
import { createAccessTokenVerifier } from "./access-token";
import { localJwks } from "./jwks";

/**
 * Guards the mutation pass found undefended: the length limit checked before any parsing, and the line
 * between a bad token (401, the client must get a new one) and an identity provider that cannot be
 * reached (503, the client should retry with the same token).
 */
const ISSUER = "https://auth.test.local";
const AUDIENCE = "marketplace-api";
const ORG = "0193a1b2-0000-7000-8000-00000000000a";

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: "k", alg: "ES256" }] });
  return { privateKey, keys };
}

function signed(privateKey: CryptoKey, padding = "") {
  return new SignJWT({ org: ORG, roles: ["developer"], padding })
    .setProtectedHeader({ alg: "ES256", kid: "k" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject("user-1")
    .setExpirationTime("5m")
    .sign(privateKey);
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("access token guards", () => {
  it("refuses a correctly signed token longer than 8 KiB before verifying it, and accepts a long one below", async () => {
    const { privateKey, keys } = await keyPair();
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, keys });
    const below = await signed(privateKey, "x".repeat(5_000));
    expect(below.length).toBeLessThan(8_192);
    await expect(verifier.verify(below)).resolves.toMatchObject({ organisationId: ORG });
    const above = await signed(privateKey, "x".repeat(6_500));
    expect(above.length).toBeGreaterThan(8_192);
    const refused = await failure(verifier.verify(above));
    expect(refused.code).toBe("unauthenticated");
    expect(refused.message).toMatch(/malformed/);
  });

  it("answers upstream-unavailable, retryable, when the key set times out, is invalid or cannot be fetched", async () => {
    const { privateKey } = await keyPair();
    const token = await signed(privateKey);
    const failing =
      (error: Error): JWTVerifyGetKey =>
      async () => {
        throw error;
      };
    for (const error of [
      new errors.JWKSTimeout(),
      new errors.JWKSInvalid(),
      Object.assign(new Error("getaddrinfo ENOTFOUND idp"), { code: "ENOTFOUND" }),
    ]) {
      const verifier = createAccessTokenVerifier({
        issuer: ISSUER,
        audience: AUDIENCE,
        keys: failing(error),
      });
      const refused = await failure(verifier.verify(token));
      expect(refused.code, error.name).toBe("upstream-unavailable");
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it("answers unauthenticated when the key set has no key for the token", async () => {
    const { privateKey } = await keyPair();
    const other = await keyPair();
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, keys: other.keys });
    expect((await failure(verifier.verify(await signed(privateKey)))).code).toBe("unauthenticated");
  });

  it("refuses at boot a JWKS file without a keys array", async () => {
    const path = join(await mkdtemp(join(tmpdir(), "jwks-guard-")), "jwks.json");
    await writeFile(path, JSON.stringify({ kty: "EC" }));
    await expect(localJwks(path)).rejects.toThrow(/not a JWKS/);
    await writeFile(path, "null");
    await expect(localJwks(path)).rejects.toThrow(/not a JWKS/);
  });
});
