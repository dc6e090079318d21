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
  ASSERTION_REUSE_SECONDS,
  ASSERTION_SKEW_SECONDS,
  ASSERTION_TTL_SECONDS,
  AssertionRejected,
  createMeshSigner,
  createMeshVerifier,
  type MeshSigner,
  type MeshVerifier,
} from "./mesh-assertion";
import { GATEWAY_SIGNER, generateMeshKeys, type MeshKeySet, serviceSigner } from "./mesh-keys";

const user: Principal = {
  subject: "user-1",
  organisationId: "0193a1b2-0000-7000-8000-00000000000a",
  roles: ["developer"],
  via: "jwt",
};
const CATALOGUE = serviceSigner("catalogue");
const PUBLISHING = serviceSigner("publishing");

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
    jti: "j-1",
    rid: "r-1",
    kind: "user",
    org: user.organisationId,
    roles: user.roles,
    via: "jwt",
    ...options.claims,
  })
    .setProtectedHeader({ alg: options.alg ?? "ES256", kid: options.kid ?? GATEWAY_SIGNER })
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
    const assertion = await gateway.sign({ audience: CATALOGUE, requestId: "req-1", subject: { user } });
    await expect(catalogue.verifyCall({ assertion })).resolves.toEqual({
      principal: user,
      service: undefined,
      requestId: "req-1",
      forwardable: assertion,
    });
  });

  it("carry a service calling as itself, with the organisation it names", async () => {
    const assertion = await publishing.sign({
      audience: CATALOGUE,
      requestId: "loop-1",
      subject: { organisationId: user.organisationId },
    });
    await expect(catalogue.verifyCall({ assertion })).resolves.toEqual({
      principal: undefined,
      service: { service: "publishing", organisationId: user.organisationId },
      requestId: "loop-1",
      forwardable: undefined,
    });
  });

  it("carry a user forwarded by a service, recording the service; a forwarded user goes no further", async () => {
    const onBehalfOf = await gateway.sign({ audience: PUBLISHING, requestId: "req-2", subject: { user } });
    const assertion = await publishing.sign({ audience: CATALOGUE, requestId: "req-2", subject: {} });
    await expect(catalogue.verifyCall({ assertion, onBehalfOf })).resolves.toEqual({
      principal: { ...user, actor: "publishing" },
      service: undefined,
      requestId: "req-2",
      forwardable: undefined,
    });
  });

  it("refuse a call without an assertion, and garbage", async () => {
    expect(await reason(catalogue.verifyCall({}))).toMatch(/no assertion/);
    expect(await reason(catalogue.verifyCall({ assertion: "not-a-jwt" }))).toMatch(/invalid/);
    expect(await reason(catalogue.verifyCall({ assertion: "x".repeat(5_000) }))).toMatch(/malformed/);
  });

  it("refuse an assertion signed by a key outside the mesh under a mesh kid", async () => {
    const forged = await craft({ key: (await generateKeyPair("ES256")).privateKey });
    expect(await reason(catalogue.verifyCall({ assertion: forged }))).toMatch(
      /a signature that does not verify/,
    );
  });

  it("refuse an expired assertion beyond the skew, and accept one within it", async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await craft({ iat: now - 70, exp: now - 10 });
    expect(await reason(catalogue.verifyCall({ assertion: old }))).toMatch(/expired/);
    const recent = await craft({ iat: now - 62, exp: now - 2 });
    expect(ASSERTION_SKEW_SECONDS).toBeGreaterThan(2);
    await expect(catalogue.verifyCall({ assertion: recent })).resolves.toBeDefined();
  });

  it("refuse an assertion that lives longer than 60 s or was issued long ago", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await reason(catalogue.verifyCall({ assertion: await craft({ exp: now + 3600 }) }))).toMatch(
      /lives longer/,
    );
    expect(
      await reason(catalogue.verifyCall({ assertion: await craft({ iat: now - 600, exp: now + 30 }) })),
    ).toMatch(/expired/);
  });

  it("refuse another audience, and several audiences", async () => {
    const elsewhere = await gateway.sign({ audience: PUBLISHING, requestId: "r", subject: { user } });
    expect(await reason(catalogue.verifyCall({ assertion: elsewhere }))).toMatch(/"aud"/);
    const broad = await craft({ claims: { aud: [CATALOGUE, PUBLISHING] } });
    expect(await reason(catalogue.verifyCall({ assertion: broad }))).toMatch(/aud/);
  });

  it("refuse a signer speaking as another: the issuer must be the key's kid", async () => {
    const publishingKey = (await importJWK(keys.privateKeys[PUBLISHING]!, "ES256")) as CryptoKey;
    const asGateway = await craft({ key: publishingKey, kid: PUBLISHING });
    expect(await reason(catalogue.verifyCall({ assertion: asGateway }))).toMatch(
      /signed with service:publishing/,
    );
  });

  it("refuse a user stated by anyone but the gateway, and a service naming another subject", async () => {
    const publishingKey = (await importJWK(keys.privateKeys[PUBLISHING]!, "ES256")) as CryptoKey;
    const madeUp = await craft({ key: publishingKey, kid: PUBLISHING, claims: { iss: PUBLISHING } });
    expect(await reason(catalogue.verifyCall({ assertion: madeUp }))).toMatch(/not the gateway/);
    const impostor = await craft({
      key: publishingKey,
      kid: PUBLISHING,
      claims: { iss: PUBLISHING, kind: "service", sub: "user-1" },
    });
    expect(await reason(catalogue.verifyCall({ assertion: impostor }))).toMatch(/another subject/);
    await expect(publishing.sign({ audience: CATALOGUE, requestId: "r", subject: { user } })).rejects.toThrow(
      /only the gateway/,
    );
  });

  it("refuse a forwarded assertion not addressed to the forwarding service, or stating no user", async () => {
    const assertion = await publishing.sign({ audience: CATALOGUE, requestId: "r", subject: {} });
    const stolen = await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    expect(await reason(catalogue.verifyCall({ assertion, onBehalfOf: stolen }))).toMatch(
      /forwarded user assertion has an unacceptable "aud"/,
    );
    const notAUser = await publishing.sign({ audience: PUBLISHING, requestId: "r", subject: {} });
    expect(await reason(catalogue.verifyCall({ assertion, onBehalfOf: notAUser }))).toMatch(/states no user/);
    const fromGateway = await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    const forwarded = await gateway.sign({ audience: PUBLISHING, requestId: "r", subject: { user } });
    expect(await reason(catalogue.verifyCall({ assertion: fromGateway, onBehalfOf: forwarded }))).toMatch(
      /forwards no assertion/,
    );
  });

  it("refuse claims outside the contract", async () => {
    expect(
      await reason(catalogue.verifyCall({ assertion: await craft({ claims: { roles: ["root"] } }) })),
    ).toMatch(/roles/);
    expect(
      await reason(catalogue.verifyCall({ assertion: await craft({ claims: { org: "acme" } }) })),
    ).toMatch(/org/);
    expect(
      await reason(catalogue.verifyCall({ assertion: await craft({ claims: { rid: undefined } }) })),
    ).toMatch(/rid/);
  });

  it("refuse alg none and HS256", async () => {
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: GATEWAY_SIGNER, aud: CATALOGUE, sub: "u", exp: now + 60, iat: now, jti: "j" };
    const none = `${encode({ alg: "none", kid: GATEWAY_SIGNER })}.${encode(payload)}.`;
    expect(await reason(catalogue.verifyCall({ assertion: none }))).toBeTruthy();
    const hs = await craft({ alg: "HS256", key: new TextEncoder().encode("x".repeat(32)) });
    expect(await reason(catalogue.verifyCall({ assertion: hs }))).toBeTruthy();
  });

  it("refuse by the algorithm allow-list alone: PS256 against a key that names no alg", async () => {
    // An RSA key in the key set without `alg`: jose would accept PS256 for it, only the allow-list refuses.
    const rsa = await generateKeyPair("PS256");
    const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(rsa.publicKey)), kid: GATEWAY_SIGNER }] };
    const verifier = createMeshVerifier({ self: CATALOGUE, jwks });
    const token = await craft({ alg: "PS256", key: rsa.privateKey });
    expect(await reason(verifier.verifyCall({ assertion: token }))).toMatch(/algorithm other than ES256/);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

function clock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("signed assertion reuse", () => {
  it("reuses one assertion per audience and subject for the reuse window, then signs a fresh one", async () => {
    const time = clock();
    const gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { now: time.now });
    const first = await gateway.sign({ audience: CATALOGUE, requestId: "r-1", subject: { user } });
    time.advance(ASSERTION_REUSE_SECONDS * 1000 - 1_000);
    expect(await gateway.sign({ audience: CATALOGUE, requestId: "r-2", subject: { user } })).toBe(first);
    time.advance(1_000);
    const next = await gateway.sign({ audience: CATALOGUE, requestId: "r-3", subject: { user } });
    expect(next).not.toBe(first);
    expect(decodeJwt(next).rid).toBe("r-3");
  });

  it("every assertion handed out has at least the lifetime minus the reuse window left", async () => {
    const time = clock();
    const gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { now: time.now });
    await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    for (let step = 0; step < 8; step++) {
      time.advance(4_999);
      const claims = decodeJwt(
        await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } }),
      );
      const left = claims.exp! - time.now() / 1000;
      expect(left).toBeGreaterThan(ASSERTION_TTL_SECONDS - ASSERTION_REUSE_SECONDS - 1);
    }
  });

  it("never shares an assertion across audiences, users, roles or organisations", async () => {
    const gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!);
    const sign = (audience: string, subject: Parameters<typeof gateway.sign>[0]["subject"]) =>
      gateway.sign({ audience, requestId: "r", subject });
    const all = [
      await sign(CATALOGUE, { user }),
      await sign(PUBLISHING, { user }),
      await sign(CATALOGUE, { user: { ...user, subject: "user-2" } }),
      await sign(CATALOGUE, { user: { ...user, roles: ["developer", "admin"] } }),
      await sign(CATALOGUE, { user: { ...user, organisationId: "0193a1b2-0000-7000-8000-00000000000b" } }),
      await sign(CATALOGUE, { user: { ...user, via: "api-key" } }),
      await sign(CATALOGUE, {}),
      await sign(CATALOGUE, { organisationId: user.organisationId }),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it("signs every call afresh when disabled", async () => {
    const gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { disabled: true });
    const a = await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    const b = await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    expect(a).not.toBe(b);
  });

  it("a service still cannot state a user", async () => {
    const publishing = createMeshSigner(keys.privateKeys[PUBLISHING]!);
    await expect(publishing.sign({ audience: CATALOGUE, requestId: "r", subject: { user } })).rejects.toThrow(
      /only the gateway/,
    );
  });
});

describe("verified assertion cache", () => {
  it("accepts a remembered assertion again, and no other string for it", async () => {
    const gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!);
    const catalogue = createMeshVerifier({ self: CATALOGUE, jwks: keys.jwks });
    const assertion = await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    const first = await catalogue.verifyCall({ assertion });
    expect(await catalogue.verifyCall({ assertion })).toEqual(first);
    // The signature's first character always counts (its last one carries unused bits).
    const at = assertion.lastIndexOf(".") + 1;
    const tampered = `${assertion.slice(0, at)}${assertion[at] === "A" ? "B" : "A"}${assertion.slice(at + 1)}`;
    await expect(catalogue.verifyCall({ assertion: tampered })).rejects.toThrow();
  });

  it("remembers per audience: an assertion accepted by one service opens no other", async () => {
    const gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!);
    const catalogue = createMeshVerifier({ self: CATALOGUE, jwks: keys.jwks });
    const publishing = createMeshVerifier({ self: PUBLISHING, jwks: keys.jwks });
    const assertion = await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    await catalogue.verifyCall({ assertion });
    await expect(publishing.verifyCall({ assertion })).rejects.toThrow(/aud/);
  });

  it("refuses a remembered assertion once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!);
    const catalogue = createMeshVerifier({ self: CATALOGUE, jwks: keys.jwks });
    const assertion = await gateway.sign({ audience: CATALOGUE, requestId: "r", subject: { user } });
    await catalogue.verifyCall({ assertion });
    const { exp } = decodeJwt(assertion);
    vi.setSystemTime(exp! * 1000 - 1);
    await expect(catalogue.verifyCall({ assertion })).resolves.toBeDefined();
    vi.setSystemTime((exp! + ASSERTION_SKEW_SECONDS + 1) * 1000);
    await expect(catalogue.verifyCall({ assertion })).rejects.toThrow(/expired/);
  });
});
