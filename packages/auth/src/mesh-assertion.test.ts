import { createPrivateKey, type JsonWebKey, randomUUID } from "node:crypto";
import type { Principal } from "@mp/contracts";
import {
  base64url,
  type CryptoKey,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
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
  type MeshCredentials,
  type MeshSigner,
  type MeshVerifier,
  type ReceivedCall,
  USER_ASSERTION_REUSE_SECONDS,
} from "./mesh-assertion";
import { type CallFacts, callMac, formatCallToken, PairwiseKeys, parseCallToken } from "./mesh-call";
import { publicKeysByKid } from "./mesh-jws";
import { GATEWAY_SIGNER, generateMeshKeys, type MeshKeySet, serviceSigner, signerOfKid } from "./mesh-keys";
import { ReplayGuard } from "./replay-guard";

const user: Principal = {
  subject: "user-1",
  organisationId: "0193a1b2-0000-7000-8000-00000000000a",
  roles: ["developer"],
  via: "jwt",
};
const CATALOGUE = serviceSigner("catalogue");
const PUBLISHING = serviceSigner("publishing");
const ASSETS = serviceSigner("assets");
/** The method the tests' calls are made for and arrive on. */
const M = "/marketplace.catalogue.v1.CatalogueService/GetInstance";
const OTHER = "/marketplace.catalogue.v1.CatalogueService/CreateInstance";

let keys: MeshKeySet;
let gateway: MeshSigner;
let publishing: MeshSigner;
let catalogue: MeshVerifier;
let gatewayKey: CryptoKey;

beforeAll(async () => {
  keys = await generateMeshKeys([GATEWAY_SIGNER, PUBLISHING, CATALOGUE, ASSETS]);
  gateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { jwks: keys.jwks });
  publishing = createMeshSigner(keys.privateKeys[PUBLISHING]!, { jwks: keys.jwks });
  catalogue = verifierOf(CATALOGUE);
  gatewayKey = (await importJWK(keys.privateKeys[GATEWAY_SIGNER]!, "ES256")) as CryptoKey;
});

afterEach(() => {
  vi.useRealTimers();
});

function verifierOf(signer: string, jwks: JSONWebKeySet = keys.jwks): MeshVerifier {
  return createMeshVerifier({ privateKey: keys.privateKeys[signer]!, jwks });
}

/** The versioned kid of a signer's key in the test mesh. */
function kidOf(signer: string): string {
  return keys.privateKeys[signer]!.kid!;
}

/** What the callee receives for credentials a signer made, arriving on `method` with request id `r`. */
function received(credentials: MeshCredentials, method = M): ReceivedCall {
  return { ...credentials, method, requestId: "r" };
}

/** A signer's call to the catalogue (request id `r`). */
function call(signer: MeshSigner, subject: { user?: Principal; organisationId?: string } = {}, more = {}) {
  const input = subject.user ? { user: subject.user } : { organisationId: subject.organisationId };
  return signer.sign({ audience: CATALOGUE, method: M, requestId: "r", subject: input, ...more });
}

/**
 * A hand-made call to the catalogue: MACed under the key `from`'s private key shares with the callee's
 * key, naming `callerKid` (default: `from`'s kid); everything else as a real caller would send it.
 */
function handMade(
  o: {
    from?: JWK;
    callerKid?: string;
    calleeKid?: string;
    iat?: number;
    jti?: string;
    organisationId?: string;
    assertion?: string;
    onBehalfOf?: string;
  } = {},
): ReceivedCall {
  const from = o.from ?? keys.privateKeys[GATEWAY_SIGNER]!;
  const callerKid = o.callerKid ?? from.kid!;
  const calleeKid = o.calleeKid ?? kidOf(CATALOGUE);
  const own = createPrivateKey({ key: from as JsonWebKey, format: "jwk" });
  const shared = new PairwiseKeys(from.kid!, own, publicKeysByKid(keys.jwks)).with(calleeKid)!;
  const facts: CallFacts = {
    callerKid,
    calleeKid,
    audience: signerOfKid(calleeKid)!,
    method: M,
    iat: o.iat ?? Math.floor(Date.now() / 1000),
    jti: o.jti ?? randomUUID(),
    organisationId: o.organisationId,
    requestId: "r",
    assertion: o.assertion,
    onBehalfOf: o.onBehalfOf,
  };
  const macs = new Map([[calleeKid, callMac(shared, facts).toString("base64url")]]);
  const { iat, jti, organisationId } = facts;
  return {
    call: formatCallToken({ callerKid, iat, jti, organisationId, macs }),
    method: M,
    requestId: "r",
    ...(o.assertion ? { assertion: o.assertion } : {}),
    ...(o.onBehalfOf ? { onBehalfOf: o.onBehalfOf } : {}),
  };
}

/** A hand-made user assertion: the gateway's claims for the catalogue unless overridden. */
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

/** The catalogue's verdict on a hand-made user assertion, sent by the gateway with a valid MAC. */
function gatewayStates(assertion: string, verifier = catalogue) {
  return verifier.verifyCall(handMade({ assertion }));
}

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AssertionRejected);
  return (error as AssertionRejected).reason;
}

describe("mesh calls", () => {
  it("carry the gateway's user to the service it addresses, which may forward it", async () => {
    const credentials = call(gateway, { user });
    expect(credentials.assertion).toBeDefined();
    await expect(catalogue.verifyCall(received(credentials))).resolves.toEqual({
      principal: user,
      service: undefined,
      requestId: "r",
      forwardable: credentials.assertion,
    });
  });

  it("carry a service calling as itself, with the organisation it names", async () => {
    const credentials = call(publishing, { organisationId: user.organisationId });
    expect(credentials.assertion).toBeUndefined();
    await expect(catalogue.verifyCall(received(credentials))).resolves.toEqual({
      principal: undefined,
      service: { service: "publishing", organisationId: user.organisationId },
      requestId: "r",
      forwardable: undefined,
    });
  });

  it("carry a user forwarded by a service, recording the service; a forwarded user goes no further", async () => {
    const forwarded = gateway.sign({ audience: PUBLISHING, method: M, requestId: "r", subject: { user } });
    const credentials = call(publishing, {}, { onBehalfOf: forwarded.assertion });
    await expect(catalogue.verifyCall(received(credentials))).resolves.toEqual({
      principal: { ...user, actor: "publishing" },
      service: undefined,
      requestId: "r",
      forwardable: undefined,
    });
  });

  it("refuse a call without a token, and garbage", async () => {
    expect(await reason(catalogue.verifyCall({ method: M }))).toMatch(/no call token/);
    expect(await reason(catalogue.verifyCall({ method: M, call: "not a token" }))).toMatch(/malformed/);
    const valid = call(publishing).call;
    expect(await reason(catalogue.verifyCall({ method: M, call: `${valid} ${"x".repeat(1_100)}` }))).toMatch(
      /malformed/,
    );
  });

  it("are bound to the method: a token made for one method is refused on another", async () => {
    const credentials = call(gateway, { user });
    expect(await reason(catalogue.verifyCall(received(credentials, OTHER)))).toMatch(
      /MAC does not verify .* for \/marketplace\.catalogue\.v1\.CatalogueService\/CreateInstance/,
    );
    expect(() =>
      gateway.sign({ audience: CATALOGUE, method: "GetInstance", requestId: "r", subject: {} }),
    ).toThrow(/not a gRPC method path/);
  });

  it("are bound to everything sent beside the token: request id, user assertion, forwarded one", async () => {
    const fromGateway = call(gateway, { user });
    expect(await reason(catalogue.verifyCall({ ...received(fromGateway), requestId: "other" }))).toMatch(
      /MAC/,
    );
    const other = gateway.sign({
      audience: CATALOGUE,
      method: M,
      requestId: "r",
      subject: { user: { ...user, roles: ["admin"] } },
    });
    expect(
      await reason(catalogue.verifyCall({ ...received(fromGateway), assertion: other.assertion })),
    ).toMatch(/MAC/);
    const forwarded = gateway.sign({ audience: PUBLISHING, method: M, requestId: "r", subject: { user } });
    const bare = call(publishing);
    expect(
      await reason(catalogue.verifyCall({ ...received(bare), onBehalfOf: forwarded.assertion })),
    ).toMatch(/MAC/);
  });

  it("are accepted once: a jti presented again is refused, per caller", async () => {
    const credentials = call(gateway, { user });
    await expect(catalogue.verifyCall(received(credentials))).resolves.toBeDefined();
    expect(await reason(catalogue.verifyCall(received(credentials)))).toMatch(/presented before/);
    // The same jti from another caller is another call.
    const jti = randomUUID();
    await expect(catalogue.verifyCall(handMade({ jti }))).resolves.toBeDefined();
    await expect(
      catalogue.verifyCall(handMade({ jti, from: keys.privateKeys[PUBLISHING]! })),
    ).resolves.toMatchObject({ service: { service: "publishing" } });
  });

  it("are fresh for every call: a new jti each time", () => {
    const [a, b] = [call(gateway, { user }), call(gateway, { user })].map((c) => parseCallToken(c.call)!);
    expect(a!.jti).not.toBe(b!.jti);
  });

  it("refuse a MAC under another pair's key", async () => {
    // The gateway's key shared with the catalogue, presented as publishing's call.
    expect(await reason(catalogue.verifyCall(handMade({ callerKid: kidOf(PUBLISHING) })))).toMatch(
      /MAC does not verify/,
    );
    // Publishing's call to the assets service, presented to the catalogue as made for its key.
    const forAssets = publishing.sign({ audience: ASSETS, method: M, requestId: "r", subject: {} });
    const relabelled = forAssets.call.replace(kidOf(ASSETS), kidOf(CATALOGUE));
    expect(await reason(catalogue.verifyCall({ ...received(forAssets), call: relabelled }))).toMatch(
      /MAC does not verify/,
    );
    // A key outside the mesh under a mesh kid.
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const outsider = { ...(await exportJWK(privateKey)), kid: kidOf(PUBLISHING) };
    expect(await reason(catalogue.verifyCall(handMade({ from: outsider })))).toMatch(/MAC does not verify/);
  });

  it("refuse a caller kid not in the JWKS, and a token made for another key of the callee", async () => {
    const unknown = `${PUBLISHING}#not-published`;
    expect(await reason(catalogue.verifyCall(handMade({ callerKid: unknown })))).toMatch(
      /caller key not in the JWKS \(service:publishing#not-published\)/,
    );
    expect(await reason(catalogue.verifyCall(handMade({ calleeKid: kidOf(ASSETS) })))).toMatch(
      /no MAC for this service's key/,
    );
  });

  it("refuse a stale iat beyond the lifetime and skew, and one from the future; accept one within", async () => {
    const now = Math.floor(Date.now() / 1000);
    const lifetime = ASSERTION_TTL_SECONDS + ASSERTION_SKEW_SECONDS;
    expect(await reason(catalogue.verifyCall(handMade({ iat: now - lifetime - 2 })))).toMatch(/expired/);
    expect(await reason(catalogue.verifyCall(handMade({ iat: now + ASSERTION_SKEW_SECONDS + 2 })))).toMatch(
      /"iat"/,
    );
    await expect(catalogue.verifyCall(handMade({ iat: now - lifetime + 2 }))).resolves.toBeDefined();
  });

  it("refuse a user stated by a service, and a user forwarded by the gateway", async () => {
    expect(() =>
      publishing.sign({ audience: CATALOGUE, method: M, requestId: "r", subject: { user } }),
    ).toThrow(/only the gateway/);
    const assertion = call(gateway, { user }).assertion!;
    const fromPublishing = handMade({ from: keys.privateKeys[PUBLISHING]!, assertion });
    expect(await reason(catalogue.verifyCall(fromPublishing))).toMatch(/only the gateway states users/);
    const forwarded = gateway.sign({ audience: PUBLISHING, method: M, requestId: "r", subject: { user } });
    expect(
      await reason(catalogue.verifyCall(handMade({ assertion, onBehalfOf: forwarded.assertion! }))),
    ).toMatch(/forwards no assertion/);
    expect(await reason(catalogue.verifyCall(handMade({ onBehalfOf: forwarded.assertion! })))).toMatch(
      /forwards no assertion/,
    );
  });

  it("refuse a forwarded assertion not addressed to the forwarding service, or another organisation", async () => {
    const stolen = call(gateway, { user }).assertion!;
    const forwarding = { from: keys.privateKeys[PUBLISHING]!, onBehalfOf: stolen };
    expect(await reason(catalogue.verifyCall(handMade(forwarding)))).toMatch(
      /forwarded user assertion has an unacceptable "aud"/,
    );
    const forwarded = gateway.sign({ audience: PUBLISHING, method: M, requestId: "r", subject: { user } });
    const elsewhere = "0193a1b2-0000-7000-8000-00000000000b";
    const call2 = handMade({ ...forwarding, onBehalfOf: forwarded.assertion!, organisationId: elsewhere });
    expect(await reason(catalogue.verifyCall(call2))).toMatch(/organisation differs/);
  });
});

describe("user assertions", () => {
  it("are reused by the gateway per user and audience for a while, then signed anew", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const signer = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { jwks: keys.jwks });
    const first = call(signer, { user }).assertion;
    expect(call(signer, { user }).assertion).toBe(first);
    expect(call(signer, { user: { ...user, roles: ["admin"] } }).assertion).not.toBe(first);
    expect(decodeJwt(first!).exp! - decodeJwt(first!).iat!).toBe(ASSERTION_TTL_SECONDS);
    vi.setSystemTime(Date.now() + USER_ASSERTION_REUSE_SECONDS * 1000);
    expect(call(signer, { user }).assertion).not.toBe(first);
  });

  it("refuse one signed by a key outside the mesh under a mesh kid", async () => {
    const forged = await craft({ key: (await generateKeyPair("ES256")).privateKey });
    expect(await reason(gatewayStates(forged))).toMatch(/a signature that does not verify/);
  });

  it("refuse an expired one beyond the skew, and accept one within it", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await reason(gatewayStates(await craft({ iat: now - 70, exp: now - 10 })))).toMatch(/expired/);
    expect(ASSERTION_SKEW_SECONDS).toBeGreaterThan(2);
    await expect(gatewayStates(await craft({ iat: now - 62, exp: now - 2 }))).resolves.toBeDefined();
  });

  it("refuse one that lives longer than 60 s or was issued long ago", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await reason(gatewayStates(await craft({ exp: now + 3600 })))).toMatch(/lives longer/);
    expect(await reason(gatewayStates(await craft({ iat: now - 600, exp: now + 30 })))).toMatch(/expired/);
  });

  it("refuse another audience, and several audiences", async () => {
    const elsewhere = gateway.sign({ audience: PUBLISHING, method: M, requestId: "r", subject: { user } });
    expect(await reason(gatewayStates(elsewhere.assertion!))).toMatch(/"aud"/);
    expect(await reason(gatewayStates(await craft({ claims: { aud: [CATALOGUE, PUBLISHING] } })))).toMatch(
      /aud/,
    );
  });

  it("refuse a signer speaking as another, and a user stated by anyone but the gateway", async () => {
    const publishingKey = (await importJWK(keys.privateKeys[PUBLISHING]!, "ES256")) as CryptoKey;
    const asGateway = await craft({ key: publishingKey, kid: kidOf(PUBLISHING) });
    expect(await reason(gatewayStates(asGateway))).toMatch(/signed with service:publishing/);
    const madeUp = await craft({ key: publishingKey, kid: kidOf(PUBLISHING), claims: { iss: PUBLISHING } });
    expect(await reason(gatewayStates(madeUp))).toMatch(/not the gateway/);
  });

  it("refuse claims outside the contract", async () => {
    expect(await reason(gatewayStates(await craft({ claims: { roles: ["root"] } })))).toMatch(/roles/);
    expect(await reason(gatewayStates(await craft({ claims: { org: "acme" } })))).toMatch(/org/);
    expect(await reason(gatewayStates(await craft({ claims: { kind: "service" } })))).toMatch(/kind/);
  });

  it("refuse alg none and HS256", async () => {
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: GATEWAY_SIGNER, aud: CATALOGUE, sub: "u", exp: now + 60, iat: now, jti: "j" };
    const none = `${encode({ alg: "none", kid: kidOf(GATEWAY_SIGNER) })}.${encode(payload)}.`;
    expect(await reason(gatewayStates(none))).toMatch(/ES256/);
    const hs = await craft({ alg: "HS256", key: new TextEncoder().encode("x".repeat(32)) });
    expect(await reason(gatewayStates(hs))).toMatch(/ES256/);
  });

  it("refuse by the algorithm allow-list alone: PS256 against a key that names no alg", async () => {
    // An RSA key in the key set without `alg`: jose would accept PS256 for it, only the allow-list refuses.
    const rsa = await generateKeyPair("PS256");
    const rsaKid = `${GATEWAY_SIGNER}#rsa`;
    const jwks: JSONWebKeySet = {
      keys: [...keys.jwks.keys, { ...(await exportJWK(rsa.publicKey)), kid: rsaKid }],
    };
    const token = await craft({ alg: "PS256", key: rsa.privateKey, kid: rsaKid });
    expect(await reason(gatewayStates(token, verifierOf(CATALOGUE, jwks)))).toMatch(
      /algorithm other than ES256/,
    );
  });
});

function clock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

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
  it("rotate a caller's key: both verify while published, the retired one no more", async () => {
    const next = await generateMeshKeys([GATEWAY_SIGNER], "2026-12");
    const both = { keys: [...keys.jwks.keys, ...next.jwks.keys] };
    const oldGateway = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { jwks: both });
    const newGateway = createMeshSigner(next.privateKeys[GATEWAY_SIGNER]!, { jwks: both });
    expect(newGateway.kid).toBe("gateway#2026-12");
    const during = verifierOf(CATALOGUE, both);
    for (const signer of [oldGateway, newGateway])
      await expect(during.verifyCall(received(call(signer, { user })))).resolves.toMatchObject({
        principal: user,
      });
    const retired = { keys: both.keys.filter((k) => k.kid !== kidOf(GATEWAY_SIGNER)) };
    expect(
      await reason(verifierOf(CATALOGUE, retired).verifyCall(received(call(oldGateway, { user })))),
    ).toMatch(/caller key not in the JWKS/);
  });

  it("rotate a callee's key: callers MAC for every published key, each replica checks its own", async () => {
    const next = await generateMeshKeys([CATALOGUE], "2026-12");
    const both = { keys: [...keys.jwks.keys, ...next.jwks.keys] };
    const signer = createMeshSigner(keys.privateKeys[PUBLISHING]!, { jwks: both });
    const oldReplica = verifierOf(CATALOGUE, both);
    const newReplica = createMeshVerifier({ privateKey: next.privateKeys[CATALOGUE]!, jwks: both });
    await expect(oldReplica.verifyCall(received(call(signer)))).resolves.toBeDefined();
    await expect(newReplica.verifyCall(received(call(signer)))).resolves.toBeDefined();
    // Once the old key is retired callers MAC for the new one only: a replica left on the old key refuses.
    const retired = { keys: both.keys.filter((k) => k.kid !== kidOf(CATALOGUE)) };
    const after = createMeshSigner(keys.privateKeys[PUBLISHING]!, { jwks: retired });
    expect(await reason(oldReplica.verifyCall(received(call(after))))).toMatch(
      /no MAC for this service's key/,
    );
  });
});

describe("remembered user assertions", () => {
  const forwardedCall = (verifier: MeshVerifier, onBehalfOf: string) =>
    verifier.verifyCall(received(call(publishing, {}, { onBehalfOf })));

  it("accept a remembered forwarded assertion again, and no other string for it", async () => {
    const verifier = verifierOf(CATALOGUE);
    const onBehalfOf = gateway.sign({ audience: PUBLISHING, method: M, requestId: "r", subject: { user } })
      .assertion!;
    const first = await forwardedCall(verifier, onBehalfOf);
    expect(await forwardedCall(verifier, onBehalfOf)).toEqual(first);
    // The signature's first character always counts (its last one carries unused bits).
    const at = onBehalfOf.lastIndexOf(".") + 1;
    const tampered = `${onBehalfOf.slice(0, at)}${onBehalfOf[at] === "A" ? "B" : "A"}${onBehalfOf.slice(at + 1)}`;
    await expect(forwardedCall(verifier, tampered)).rejects.toThrow(/signature/);
  });

  it("refuse a remembered forwarded assertion once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const verifier = verifierOf(CATALOGUE);
    const signer = createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { jwks: keys.jwks });
    const onBehalfOf = signer.sign({ audience: PUBLISHING, method: M, requestId: "r", subject: { user } })
      .assertion!;
    await forwardedCall(verifier, onBehalfOf);
    const { exp } = decodeJwt(onBehalfOf);
    vi.setSystemTime(exp! * 1000 - 1);
    await expect(forwardedCall(verifier, onBehalfOf)).resolves.toBeDefined();
    vi.setSystemTime((exp! + ASSERTION_SKEW_SECONDS + 1) * 1000);
    await expect(forwardedCall(verifier, onBehalfOf)).rejects.toThrow(/expired/);
  });
});
