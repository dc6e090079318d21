import { errors, generateKeyPair, type JWTVerifyGetKey, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccessTokenVerifier, VERIFIED_TOKEN_CACHE } from "./access-token";

const ISSUER = "https://auth.test.local";
const AUDIENCE = "marketplace-api";
const ORG = "0193a1b2-0000-7000-8000-00000000000a";

type Key = Awaited<ReturnType<typeof generateKeyPair>>;
let key: Key;

beforeAll(async () => {
  key = await generateKeyPair("ES256");
});

/** A key source that counts lookups (one per full verification) and can drop the key, as a rotation would. */
function keySource() {
  const state = { lookups: 0, removed: false };
  const getKey: JWTVerifyGetKey = async () => {
    state.lookups += 1;
    if (state.removed) throw new errors.JWKSNoMatchingKey();
    return key.publicKey;
  };
  return { state, getKey };
}

function clock() {
  let now = Date.now();
  return { now: () => now, set: (ms: number) => (now = ms), advance: (ms: number) => (now += ms) };
}

function token(options: { subject?: string; expiresAt?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ org: ORG, roles: ["admin"] })
    .setProtectedHeader({ alg: "ES256", kid: "k" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(options.subject ?? "user-1")
    .setIssuedAt(now)
    .setExpirationTime(options.expiresAt ?? now + 300)
    .sign(key.privateKey);
}

function verifierWith(maxEntries = 100, maxAgeMs = 60_000) {
  const keys = keySource();
  const time = clock();
  const verifier = createAccessTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: keys.getKey,
    cache: { maxEntries, maxAgeMs, now: time.now },
  });
  return { verifier, keys: keys.state, time };
}

describe("verified token cache", () => {
  it("verifies a token once and answers its next presentations from the cache", async () => {
    const { verifier, keys } = verifierWith();
    const jwt = await token();
    const first = await verifier.verify(jwt);
    const second = await verifier.verify(jwt);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ subject: "user-1", organisationId: ORG, roles: ["admin"], via: "jwt" });
    expect(keys.lookups).toBe(1);
  });

  it("never serves a token at or past its exp: it is verified again", async () => {
    const { verifier, keys, time } = verifierWith();
    const expiresAt = Math.floor(Date.now() / 1000) + 30;
    const jwt = await token({ expiresAt });
    await verifier.verify(jwt);
    time.set(expiresAt * 1000 - 1);
    await verifier.verify(jwt);
    expect(keys.lookups).toBe(1);
    time.set(expiresAt * 1000);
    await verifier.verify(jwt);
    expect(keys.lookups).toBe(2);
  });

  it("re-verifies after maxAge, so a key removed from the JWKS stops opening the API within that window", async () => {
    const { verifier, keys, time } = verifierWith(100, 60_000);
    const jwt = await token();
    await verifier.verify(jwt);
    keys.removed = true;
    time.advance(59_999);
    await expect(verifier.verify(jwt)).resolves.toMatchObject({ subject: "user-1" });
    time.advance(1);
    await expect(verifier.verify(jwt)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(verifier.verify(jwt)).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("remembers no refusal, and only the identical string hits", async () => {
    const { verifier, keys } = verifierWith();
    const jwt = await token();
    // The signature's first character always counts (its last one carries unused bits, and "AA" may be
    // what was there), so this string never verifies.
    const at = jwt.lastIndexOf(".") + 1;
    const tampered = `${jwt.slice(0, at)}${jwt[at] === "A" ? "B" : "A"}${jwt.slice(at + 1)}`;
    await expect(verifier.verify(tampered)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(verifier.verify(tampered)).rejects.toMatchObject({ code: "unauthenticated" });
    expect(keys.lookups).toBe(2);
    await verifier.verify(jwt);
    await expect(verifier.verify(tampered)).rejects.toMatchObject({ code: "unauthenticated" });
    expect(keys.lookups).toBe(4);
  });

  it("holds at most maxEntries tokens", async () => {
    const { verifier, keys } = verifierWith(2);
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((subject) => token({ subject })));
    for (const jwt of [a!, b!, c!]) await verifier.verify(jwt);
    expect(keys.lookups).toBe(3);
    await verifier.verify(c!);
    await verifier.verify(b!);
    expect(keys.lookups).toBe(3);
    await verifier.verify(a!);
    expect(keys.lookups).toBe(4);
  });

  it("hands out copies: a caller changing its principal does not change the next one", async () => {
    const { verifier } = verifierWith();
    const jwt = await token();
    const first = await verifier.verify(jwt);
    first.roles.push("developer");
    expect((await verifier.verify(jwt)).roles).toEqual(["admin"]);
  });

  it("is on by default with a bound and a one-minute window, and can be turned off", async () => {
    expect(VERIFIED_TOKEN_CACHE).toEqual({ maxEntries: 10_000, maxAgeMs: 60_000 });
    const keys = keySource();
    const verifier = createAccessTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      keys: keys.getKey,
      cache: false,
    });
    const jwt = await token();
    await verifier.verify(jwt);
    await verifier.verify(jwt);
    expect(keys.state.lookups).toBe(2);
  });
});
