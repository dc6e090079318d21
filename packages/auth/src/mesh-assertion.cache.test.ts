import type { Principal } from "@mp/contracts";
import { decodeJwt } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ASSERTION_REUSE_SECONDS,
  ASSERTION_SKEW_SECONDS,
  ASSERTION_TTL_SECONDS,
  createMeshSigner,
  createMeshVerifier,
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

beforeAll(async () => {
  keys = await generateMeshKeys([GATEWAY_SIGNER, PUBLISHING, CATALOGUE]);
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
    await expect(catalogue.verifyCall({ assertion: `${assertion.slice(0, -2)}AA` })).rejects.toThrow();
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
