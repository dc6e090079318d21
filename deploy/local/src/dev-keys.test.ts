import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalJWKSet, decodeProtectedHeader, errors, type JSONWebKeySet, jwtVerify } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ORGANISATIONS } from "./demo";
import { DEV_AUDIENCE, DEV_ISSUER, loadDevKeys, signDevToken } from "./dev-keys";

let keysDir: string;
beforeEach(async () => {
  keysDir = join(await mkdtemp(join(tmpdir(), "mp-dev-keys-")), "dev-keys");
});
afterEach(async () => {
  await rm(join(keysDir, ".."), { recursive: true, force: true });
});

async function verifier() {
  const jwks = JSON.parse(await readFile(join(keysDir, "jwks.json"), "utf8")) as JSONWebKeySet;
  return { jwks, keySet: createLocalJWKSet(jwks) };
}

describe("signDevToken", () => {
  it("signs an ES256 token that verifies against the written JWKS with the gateway's claims", async () => {
    const org = DEMO_ORGANISATIONS.provider.id;
    const token = await signDevToken({
      org,
      roles: ["provider", "developer"],
      sub: "alice",
      ttlSeconds: 600,
      keysDir,
    });
    const { jwks, keySet } = await verifier();
    const { payload, protectedHeader } = await jwtVerify(token, keySet, {
      issuer: DEV_ISSUER,
      audience: DEV_AUDIENCE,
      algorithms: ["ES256"],
    });
    expect(protectedHeader.kid).toBe(jwks.keys[0]?.kid);
    expect(payload).toMatchObject({ sub: "alice", org, roles: ["provider", "developer"] });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(5);
  });

  it("issues tokens the gateway rejects once expired", async () => {
    const token = await signDevToken({
      org: DEMO_ORGANISATIONS.admin.id,
      roles: ["admin"],
      ttlSeconds: 60,
      keysDir,
    });
    const { keySet } = await verifier();
    const later = new Date(Date.now() + 61_000);
    await expect(jwtVerify(token, keySet, { currentDate: later })).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it("honours another issuer and audience, and a verifier expecting the defaults refuses them", async () => {
    const org = DEMO_ORGANISATIONS.developer.id;
    const token = await signDevToken({
      org,
      roles: ["developer"],
      issuer: "https://idp.test",
      audience: "x",
      keysDir,
    });
    const { keySet } = await verifier();
    await expect(
      jwtVerify(token, keySet, { issuer: "https://idp.test", audience: "x" }),
    ).resolves.toBeTruthy();
    await expect(jwtVerify(token, keySet, { issuer: DEV_ISSUER })).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
  });

  it("refuses an org that is not a UUID, no roles or an unknown role", async () => {
    await expect(signDevToken({ org: "acme", roles: ["developer"], keysDir })).rejects.toThrow(/UUID/);
    await expect(signDevToken({ org: DEMO_ORGANISATIONS.admin.id, roles: [], keysDir })).rejects.toThrow(
      /roles/,
    );
    const roles = ["root"] as unknown as ["admin"];
    await expect(signDevToken({ org: DEMO_ORGANISATIONS.admin.id, roles, keysDir })).rejects.toThrow(/roles/);
  });
});

describe("loadDevKeys", () => {
  it("creates the key pair once, keeps the private key 0600 and reuses it afterwards", async () => {
    const first = await loadDevKeys(keysDir);
    const token = await signDevToken({ org: DEMO_ORGANISATIONS.admin.id, roles: ["admin"], keysDir });
    const again = await loadDevKeys(keysDir);
    expect(again.kid).toBe(first.kid);
    expect(decodeProtectedHeader(token).kid).toBe(first.kid);
    expect((await stat(join(keysDir, "private.jwk.json"))).mode & 0o777).toBe(0o600);
    const { jwks } = await verifier();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("agrees on one key when several processes use it for the first time at once", async () => {
    const loaded = await Promise.all(Array.from({ length: 6 }, () => loadDevKeys(keysDir)));
    expect(new Set(loaded.map((keys) => keys.kid)).size).toBe(1);
    const { jwks } = await verifier();
    expect(jwks.keys[0]?.kid).toBe(loaded[0]?.kid);
  });
});
