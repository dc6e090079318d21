import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppError } from "@mp/errors";
import {
  base64url,
  type CryptoKey,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { type AccessTokenVerifier, createAccessTokenVerifier } from "./access-token";
import { localJwks } from "./jwks";

const ISSUER = "https://auth.test.local";
const AUDIENCE = "marketplace-api";
const ORG = "0193A1B2-0000-7000-8000-00000000000A";

let signingKey: CryptoKey;
let otherKey: CryptoKey;
let rsaKey: CryptoKey;
let verifier: AccessTokenVerifier;
let jwksPath: string;
let jwks: JSONWebKeySet;
/** An RSA key whose JWKS entry names no `alg`, so nothing but the verifier's allow-list limits its use. */
let unpinnedRsa: KeyObject;

beforeAll(async () => {
  const ec = await generateKeyPair("ES256");
  const rsa = await generateKeyPair("RS256");
  signingKey = ec.privateKey;
  rsaKey = rsa.privateKey;
  otherKey = (await generateKeyPair("ES256")).privateKey;
  const unpinned = generateKeyPairSync("rsa", { modulusLength: 2048 });
  unpinnedRsa = unpinned.privateKey;
  jwks = {
    keys: [
      { ...(await exportJWK(ec.publicKey)), kid: "ec-1", alg: "ES256", use: "sig" },
      { ...(await exportJWK(rsa.publicKey)), kid: "rsa-1", alg: "RS256", use: "sig" },
      { ...(await exportJWK(unpinned.publicKey)), kid: "rsa-unpinned", use: "sig" },
    ],
  };
  jwksPath = join(await mkdtemp(join(tmpdir(), "auth-test-")), "jwks.json");
  await writeFile(jwksPath, JSON.stringify(jwks));
  verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, keys: createLocalJWKSet(jwks) });
});

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey | KeyObject | Uint8Array;
  alg?: string;
  kid?: string;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
}

function sign(options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(options.claims ?? { org: ORG, roles: ["developer", "admin"] })
    .setProtectedHeader({ alg: options.alg ?? "ES256", kid: options.kid ?? "ec-1" })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject("user-1")
    .setIssuedAt(now)
    .setExpirationTime(options.expiresAt ?? now + 300)
    .sign(options.key ?? signingKey);
}

async function rejection(token: string): Promise<AppError> {
  const error = await verifier.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("access tokens", () => {
  it("resolves a good token to a principal with a lowercased organisation", async () => {
    await expect(verifier.verify(await sign())).resolves.toEqual({
      subject: "user-1",
      organisationId: ORG.toLowerCase(),
      roles: ["developer", "admin"],
      via: "jwt",
    });
  });

  it("accepts RS256 tokens and a JWKS read from a file", async () => {
    const fromFile = createAccessTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      keys: await localJwks(jwksPath),
    });
    const token = await sign({ key: rsaKey, alg: "RS256", kid: "rsa-1" });
    await expect(fromFile.verify(token)).resolves.toMatchObject({ subject: "user-1" });
  });

  it("rejects a token signed by another key", async () => {
    const error = await rejection(await sign({ key: otherKey }));
    expect(error.code).toBe("unauthenticated");
    expect(error.message).toMatch(/signature/);
  });

  it("rejects an expired token beyond the 60 s skew, and accepts one within it", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await rejection(await sign({ expiresAt: now - 120 }))).message).toMatch(/expired/);
    await expect(verifier.verify(await sign({ expiresAt: now - 30 }))).resolves.toBeDefined();
  });

  it("rejects a wrong audience and a wrong issuer", async () => {
    expect((await rejection(await sign({ audience: "another-api" }))).message).toMatch(/"aud"/);
    expect((await rejection(await sign({ issuer: "https://evil.example" }))).message).toMatch(/"iss"/);
  });

  it("rejects alg none", async () => {
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: ISSUER, aud: AUDIENCE, sub: "u", org: ORG, roles: ["admin"], exp: now + 300 };
    const token = `${encode({ alg: "none", typ: "JWT" })}.${encode(payload)}.`;
    expect((await rejection(token)).code).toBe("unauthenticated");
  });

  it("rejects an HS256 token even when its secret is a published key's bytes", async () => {
    const secret = new TextEncoder().encode("x".repeat(32));
    expect((await rejection(await sign({ key: secret, alg: "HS256" }))).code).toBe("unauthenticated");
  });

  it("refuses PS256 by the algorithm allow-list alone, even when the key's JWKS entry names no alg", async () => {
    const token = await sign({ key: unpinnedRsa, alg: "PS256", kid: "rsa-unpinned" });
    // Everything but the algorithm is right: jose accepts this token once PS256 is allowed.
    await expect(
      jwtVerify(token, createLocalJWKSet(jwks), {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["PS256"],
      }),
    ).resolves.toBeDefined();
    const error = await rejection(token);
    expect(error.code).toBe("unauthenticated");
    // The same key with an allowed algorithm passes, so the refusal above is the allow-list's.
    await expect(
      verifier.verify(await sign({ key: unpinnedRsa, alg: "RS256", kid: "rsa-unpinned" })),
    ).resolves.toMatchObject({ subject: "user-1" });
  });

  it("rejects a token without exp", async () => {
    const token = await new SignJWT({ org: ORG, roles: [] })
      .setProtectedHeader({ alg: "ES256", kid: "ec-1" })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject("user-1")
      .sign(signingKey);
    expect((await rejection(token)).code).toBe("unauthenticated");
  });

  it("rejects a missing or malformed org and an unknown role", async () => {
    expect((await rejection(await sign({ claims: { roles: ["admin"] } }))).message).toMatch(/org/);
    expect((await rejection(await sign({ claims: { org: "acme", roles: [] } }))).message).toMatch(/org/);
    expect((await rejection(await sign({ claims: { org: ORG, roles: ["root"] } }))).message).toMatch(/roles/);
  });

  it("rejects garbage before parsing it", async () => {
    expect((await rejection("not-a-jwt")).code).toBe("unauthenticated");
    expect((await rejection("")).code).toBe("unauthenticated");
  });
});
