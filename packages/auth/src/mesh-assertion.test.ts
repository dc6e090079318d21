import { randomUUID } from "node:crypto";
import type { Principal } from "@mp/contracts";
import {
  base64url,
  type CryptoKey,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWTPayload,
  SignJWT,
} from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ASSERTION_SKEW_SECONDS,
  ASSERTION_TTL_SECONDS,
  AssertionRejected,
  createMeshSigner,
  createMeshVerifier,
  type MeshSigner,
  type MeshVerifier,
} from "./mesh-assertion";
import { GATEWAY_SIGNER, generateMeshKeys, type MeshKeySet, serviceSigner } from "./mesh-keys";
import { ReplayGuard } from "./replay-guard";

const user: Principal = {
  subject: "user-1",
  organisationId: "0193a1b2-0000-7000-8000-00000000000a",
  roles: ["developer"],
  via: "jwt",
};
const CATALOGUE = serviceSigner("catalogue");
const PUBLISHING = serviceSigner("publishing");
/** The method the tests' assertions are minted for and verified on. */
const M = "/marketplace.catalogue.v1.CatalogueService/GetInstance";
const OTHER = "/marketplace.catalogue.v1.CatalogueService/CreateInstance";

let keys: MeshKeySet;
let gateway: MeshSigner;
let publishing: MeshSigner;
let catalogue: MeshVerifier;
let gatewayKey: CryptoKey;

beforeAll(async () => {
  keys = await generateMeshKeys([GATEWAY_SIGNER, PUBLISHING, CATALOGUE]);
  gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!);
  publishing = createMeshSigner(keys.privateKeys[PUBLISHING]!);
  catalogue = createMeshVerifier({ self: CATALOGUE, jwks: keys.jwks });
  gatewayKey = (await importJWK(keys.privateKeys[GATEWAY_SIGNER]!, "ES256")) as CryptoKey;
});

/** The versioned kid of a signer's key in the test mesh. */
function kidOf(signer: string): string {
  return keys.privateKeys[signer]!.kid!;
}

/** A hand-made assertion: the gateway's user claims for the catalogue unless overridden. */
async function craft(
  options: {
    claims?: JWTPayload;
    key?: CryptoKey | Uint8Array;
    alg?: string;
    kid?: string;
    iat?: number;
    exp?: number;
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: GATEWAY_SIGNER,
    aud: CATALOGUE,
    sub: user.subject,
    jti: randomUUID(),
    rid: "r-1",
    mth: M,
    kind: "user",
    org: user.organisationId,
    roles: user.roles,
    via: "jwt",
    ...options.claims,
  })
    .setProtectedHeader({ alg: options.alg ?? "ES256", kid: options.kid ?? kidOf(GATEWAY_SIGNER) })
    .setIssuedAt(options.iat ?? now)
    .setExpirationTime(options.exp ?? (options.iat ?? now) + 60)
    .sign(options.key ?? gatewayKey);
}

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AssertionRejected);
  return (error as AssertionRejected).reason;
}

describe("mesh assertions", () => {
  it("carry the gateway's user to the service it addresses, which may forward it", async () => {
    const assertion = await gateway.sign({
      method: M,
      audience: CATALOGUE,
      requestId: "req-1",
      subject: { user },
    });
    await expect(catalogue.verifyCall({ method: M, assertion })).resolves.toEqual({
      principal: user,
      service: undefined,
      requestId: "req-1",
      forwardable: assertion,
    });
  });

  it("carry a service calling as itself, with the organisation it names", async () => {
    const assertion = await publishing.sign({
      method: M,
      audience: CATALOGUE,
      requestId: "loop-1",
      subject: { organisationId: user.organisationId },
    });
    await expect(catalogue.verifyCall({ method: M, assertion })).resolves.toEqual({
      principal: undefined,
      service: { service: "publishing", organisationId: user.organisationId },
      requestId: "loop-1",
      forwardable: undefined,
    });
  });

  it("carry a user forwarded by a service, recording the service; a forwarded user goes no further", async () => {
    const onBehalfOf = await gateway.sign({
      method: M,
      audience: PUBLISHING,
      requestId: "req-2",
      subject: { user },
    });
    const assertion = await publishing.sign({
      method: M,
      audience: CATALOGUE,
      requestId: "req-2",
      subject: {},
    });
    await expect(catalogue.verifyCall({ method: M, assertion, onBehalfOf })).resolves.toEqual({
      principal: { ...user, actor: "publishing" },
      service: undefined,
      requestId: "req-2",
      forwardable: undefined,
    });
  });

  it("refuse a call without an assertion, and garbage", async () => {
    expect(await reason(catalogue.verifyCall({ method: M }))).toMatch(/no assertion/);
    expect(await reason(catalogue.verifyCall({ method: M, assertion: "not-a-jwt" }))).toMatch(/invalid/);
    expect(await reason(catalogue.verifyCall({ method: M, assertion: "x".repeat(5_000) }))).toMatch(
      /malformed/,
    );
  });

  it("refuse an assertion signed by a key outside the mesh under a mesh kid", async () => {
    const forged = await craft({ key: (await generateKeyPair("ES256")).privateKey });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: forged }))).toMatch(
      /a signature that does not verify/,
    );
  });

  it("refuse an expired assertion beyond the skew, and accept one within it", async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await craft({ iat: now - 70, exp: now - 10 });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: old }))).toMatch(/expired/);
    const recent = await craft({ iat: now - 62, exp: now - 2 });
    expect(ASSERTION_SKEW_SECONDS).toBeGreaterThan(2);
    await expect(catalogue.verifyCall({ method: M, assertion: recent })).resolves.toBeDefined();
  });

  it("refuse an assertion that lives longer than 60 s or was issued long ago", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      await reason(catalogue.verifyCall({ method: M, assertion: await craft({ exp: now + 3600 }) })),
    ).toMatch(/lives longer/);
    expect(
      await reason(
        catalogue.verifyCall({ method: M, assertion: await craft({ iat: now - 600, exp: now + 30 }) }),
      ),
    ).toMatch(/expired/);
  });

  it("refuse another audience, and several audiences", async () => {
    const elsewhere = await gateway.sign({
      method: M,
      audience: PUBLISHING,
      requestId: "r",
      subject: { user },
    });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: elsewhere }))).toMatch(/"aud"/);
    const broad = await craft({ claims: { aud: [CATALOGUE, PUBLISHING] } });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: broad }))).toMatch(/aud/);
  });

  it("refuse a signer speaking as another: the issuer must be the key's kid", async () => {
    const publishingKey = (await importJWK(keys.privateKeys[PUBLISHING]!, "ES256")) as CryptoKey;
    const asGateway = await craft({ key: publishingKey, kid: kidOf(PUBLISHING) });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: asGateway }))).toMatch(
      /signed with service:publishing/,
    );
  });

  it("refuse a user stated by anyone but the gateway, and a service naming another subject", async () => {
    const publishingKey = (await importJWK(keys.privateKeys[PUBLISHING]!, "ES256")) as CryptoKey;
    const madeUp = await craft({ key: publishingKey, kid: kidOf(PUBLISHING), claims: { iss: PUBLISHING } });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: madeUp }))).toMatch(/not the gateway/);
    const impostor = await craft({
      key: publishingKey,
      kid: kidOf(PUBLISHING),
      claims: { iss: PUBLISHING, kind: "service", sub: "user-1" },
    });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: impostor }))).toMatch(/another subject/);
    await expect(
      publishing.sign({ method: M, audience: CATALOGUE, requestId: "r", subject: { user } }),
    ).rejects.toThrow(/only the gateway/);
  });

  it("refuse a forwarded assertion not addressed to the forwarding service, or stating no user", async () => {
    // Each call carries its own assertion: the verifier accepts one only once.
    const own = () => publishing.sign({ method: M, audience: CATALOGUE, requestId: "r", subject: {} });
    const stolen = await gateway.sign({ method: M, audience: CATALOGUE, requestId: "r", subject: { user } });
    expect(
      await reason(catalogue.verifyCall({ method: M, assertion: await own(), onBehalfOf: stolen })),
    ).toMatch(/forwarded user assertion has an unacceptable "aud"/);
    const notAUser = await publishing.sign({ method: M, audience: PUBLISHING, requestId: "r", subject: {} });
    expect(
      await reason(catalogue.verifyCall({ method: M, assertion: await own(), onBehalfOf: notAUser })),
    ).toMatch(/states no user/);
    const fromGateway = await gateway.sign({
      method: M,
      audience: CATALOGUE,
      requestId: "r",
      subject: { user },
    });
    const forwarded = await gateway.sign({
      method: M,
      audience: PUBLISHING,
      requestId: "r",
      subject: { user },
    });
    expect(
      await reason(catalogue.verifyCall({ method: M, assertion: fromGateway, onBehalfOf: forwarded })),
    ).toMatch(/forwards no assertion/);
  });

  it("refuse claims outside the contract", async () => {
    expect(
      await reason(
        catalogue.verifyCall({ method: M, assertion: await craft({ claims: { roles: ["root"] } }) }),
      ),
    ).toMatch(/roles/);
    expect(
      await reason(catalogue.verifyCall({ method: M, assertion: await craft({ claims: { org: "acme" } }) })),
    ).toMatch(/org/);
    expect(
      await reason(
        catalogue.verifyCall({ method: M, assertion: await craft({ claims: { rid: undefined } }) }),
      ),
    ).toMatch(/rid/);
  });

  it("refuse alg none and HS256", async () => {
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: GATEWAY_SIGNER, aud: CATALOGUE, sub: "u", exp: now + 60, iat: now, jti: "j" };
    const none = `${encode({ alg: "none", kid: GATEWAY_SIGNER })}.${encode(payload)}.`;
    expect(await reason(catalogue.verifyCall({ method: M, assertion: none }))).toBeTruthy();
    const hs = await craft({ alg: "HS256", key: new TextEncoder().encode("x".repeat(32)) });
    expect(await reason(catalogue.verifyCall({ method: M, assertion: hs }))).toBeTruthy();
  });

  it("refuse by the algorithm allow-list alone: PS256 against a key that names no alg", async () => {
    // An RSA key in the key set without `alg`: jose would accept PS256 for it, only the allow-list refuses.
    const rsa = await generateKeyPair("PS256");
    const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(rsa.publicKey)), kid: GATEWAY_SIGNER }] };
    const verifier = createMeshVerifier({ self: CATALOGUE, jwks });
    const token = await craft({ alg: "PS256", key: rsa.privateKey });
    expect(await reason(verifier.verifyCall({ method: M, assertion: token }))).toMatch(
      /algorithm other than ES256/,
    );
  });
});

afterEach(() => {
  vi.useRealTimers();
});

function clock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("assertions bound to the call", () => {
  it("name the method they were minted for and are refused on any other", async () => {
    const assertion = await gateway.sign({
      method: M,
      audience: CATALOGUE,
      requestId: "r",
      subject: { user },
    });
    expect(decodeJwt(assertion).mth).toBe(M);
    expect(await reason(catalogue.verifyCall({ method: OTHER, assertion }))).toMatch(
      /minted for \/marketplace\.catalogue\.v1\.CatalogueService\/GetInstance, not .*CreateInstance/,
    );
    expect(
      await reason(
        catalogue.verifyCall({ method: M, assertion: await craft({ claims: { mth: undefined } }) }),
      ),
    ).toMatch(/invalid claims: mth/);
    await expect(
      gateway.sign({ method: "GetInstance", audience: CATALOGUE, requestId: "r", subject: { user } }),
    ).rejects.toThrow(/not a gRPC method path/);
  });

  it("are accepted once: a jti presented again is refused, per issuer", async () => {
    const assertion = await gateway.sign({
      method: M,
      audience: CATALOGUE,
      requestId: "r",
      subject: { user },
    });
    await expect(catalogue.verifyCall({ method: M, assertion })).resolves.toBeDefined();
    expect(await reason(catalogue.verifyCall({ method: M, assertion }))).toMatch(/presented before/);
    // The same jti from another issuer is another assertion.
    const publishingKey = (await importJWK(keys.privateKeys[PUBLISHING]!, "ES256")) as CryptoKey;
    const jti = randomUUID();
    await craft({ claims: { jti } }).then((a) => catalogue.verifyCall({ method: M, assertion: a }));
    const fromPublishing = await craft({
      key: publishingKey,
      kid: kidOf(PUBLISHING),
      claims: { jti, iss: PUBLISHING, sub: PUBLISHING, kind: "service", roles: undefined, via: undefined },
    });
    await expect(catalogue.verifyCall({ method: M, assertion: fromPublishing })).resolves.toMatchObject({
      service: { service: "publishing" },
    });
  });

  it("are fresh for every call: a new jti each time", async () => {
    const sign = () => gateway.sign({ method: M, audience: CATALOGUE, requestId: "r", subject: { user } });
    const [a, b] = [decodeJwt(await sign()), decodeJwt(await sign())];
    expect(a.jti).not.toBe(b.jti);
    expect(a.exp! - a.iat!).toBe(ASSERTION_TTL_SECONDS);
  });
});

describe("replay guard", () => {
  it("refuses a jti seen before its expiry and accepts it again after", () => {
    const time = clock();
    const guard = new ReplayGuard(10, time.now);
    const until = time.now() + 1_000;
    expect(guard.firstUse("gateway", "a", 1, until)).toBe(true);
    expect(guard.firstUse("gateway", "a", 1, until)).toBe(false);
    expect(guard.firstUse("service:x", "a", 1, until)).toBe(true);
    time.advance(1_000);
    expect(guard.firstUse("gateway", "a", 1, until + 1_000)).toBe(true);
  });

  it("stays bounded: once full, nothing issued before the dropped entries is accepted", () => {
    const guard = new ReplayGuard(2);
    const until = Date.now() + 60_000;
    expect(guard.firstUse("gateway", "a", 100, until)).toBe(true);
    expect(guard.firstUse("gateway", "b", 101, until)).toBe(true);
    expect(guard.firstUse("gateway", "c", 102, until)).toBe(true); // drops a (iat 100)
    expect(guard.firstUse("gateway", "a", 100, until)).toBe(false); // a replayed after it was dropped
    expect(guard.firstUse("gateway", "d", 100, until)).toBe(false); // as old as what was dropped
    expect(guard.firstUse("gateway", "e", 103, until)).toBe(true);
  });
});

describe("key versions", () => {
  it("verify by the kid a token names, so a signer can have two keys while it rotates", async () => {
    const old = await generateMeshKeys([GATEWAY_SIGNER, CATALOGUE], "2026-10");
    const next = await generateMeshKeys([GATEWAY_SIGNER], "2026-11");
    const [oldGateway, newGateway] = [old, next].map((k) => createMeshSigner(k.privateKeys[GATEWAY_SIGNER]!));
    expect(oldGateway!.kid).toBe("gateway#2026-10");
    expect(newGateway!.name).toBe(GATEWAY_SIGNER);
    const both = createMeshVerifier({
      self: CATALOGUE,
      jwks: { keys: [...old.jwks.keys, ...next.jwks.keys] },
    });
    for (const signer of [oldGateway!, newGateway!]) {
      const assertion = await signer.sign({
        method: M,
        audience: CATALOGUE,
        requestId: "r",
        subject: { user },
      });
      await expect(both.verifyCall({ method: M, assertion })).resolves.toMatchObject({ principal: user });
    }
    const rotated = createMeshVerifier({
      self: CATALOGUE,
      jwks: { keys: [...next.jwks.keys, old.jwks.keys.find((k) => k.kid?.startsWith(CATALOGUE))!] },
    });
    const stale = await oldGateway!.sign({
      method: M,
      audience: CATALOGUE,
      requestId: "r",
      subject: { user },
    });
    expect(await reason(rotated.verifyCall({ method: M, assertion: stale }))).toMatch(
      /names no key of the mesh/,
    );
  });
});

describe("forwarded assertion cache", () => {
  const forwardedCall = async (verifier: MeshVerifier, onBehalfOf: string) =>
    verifier.verifyCall({
      method: M,
      assertion: await publishing.sign({ method: M, audience: CATALOGUE, requestId: "r", subject: {} }),
      onBehalfOf,
    });

  it("accepts a remembered forwarded assertion again, and no other string for it", async () => {
    const catalogue = createMeshVerifier({ self: CATALOGUE, jwks: keys.jwks });
    const onBehalfOf = await gateway.sign({
      method: M,
      audience: PUBLISHING,
      requestId: "r",
      subject: { user },
    });
    const first = await forwardedCall(catalogue, onBehalfOf);
    expect(await forwardedCall(catalogue, onBehalfOf)).toEqual(first);
    // The signature's first character always counts (its last one carries unused bits).
    const at = onBehalfOf.lastIndexOf(".") + 1;
    const tampered = `${onBehalfOf.slice(0, at)}${onBehalfOf[at] === "A" ? "B" : "A"}${onBehalfOf.slice(at + 1)}`;
    await expect(forwardedCall(catalogue, tampered)).rejects.toThrow(/signature/);
  });

  it("refuses a remembered forwarded assertion once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const catalogue = createMeshVerifier({ self: CATALOGUE, jwks: keys.jwks });
    const onBehalfOf = await gateway.sign({
      method: M,
      audience: PUBLISHING,
      requestId: "r",
      subject: { user },
    });
    await forwardedCall(catalogue, onBehalfOf);
    const { exp } = decodeJwt(onBehalfOf);
    vi.setSystemTime(exp! * 1000 - 1);
    await expect(forwardedCall(catalogue, onBehalfOf)).resolves.toBeDefined();
    vi.setSystemTime((exp! + ASSERTION_SKEW_SECONDS + 1) * 1000);
    await expect(forwardedCall(catalogue, onBehalfOf)).rejects.toThrow(/expired/);
  });
});
