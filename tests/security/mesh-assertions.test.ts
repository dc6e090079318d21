import { createPrivateKey, createPublicKey, type JsonWebKey } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import {
  callMac,
  createMeshSigner,
  formatCallToken,
  GATEWAY_SIGNER,
  type MeshCredentials,
  PairwiseKeys,
  serviceSigner,
} from "@mp/auth";
import { SERVICE_NAMES, type ServiceName } from "@mp/config";
import type { Principal } from "@mp/contracts";
import { loadProto } from "@mp/grpc";
import type { LocalStack } from "@mp/local/stack";
import { base64url, type CryptoKey, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack } from "../e2e/stack";

/**
 * Every RPC of every gRPC service of a launched stack (one process per service, keys made by the
 * launcher) refuses a call whose credentials are not valid for it: none at all; a call token made for
 * another method, presented twice, MACed under another pair's key, naming a caller key outside the JWKS,
 * or stale; a user assertion forged, expired, misaddressed, unsigned, replayed against another service,
 * or signed by a service's key as the gateway; a forwarded assertion not addressed to the forwarding
 * service; the retired `x-principal` header. A valid call gets past the check (the positive control), so
 * each refusal is the credentials' doing. RPCs are read from the protos, so a new RPC is covered when it
 * lands.
 */
const PROTOS: Record<ServiceName, { file: string; services: string[] }> = {
  catalogue: {
    file: "marketplace/catalogue/v1/catalogue.proto",
    services: ["marketplace.catalogue.v1.CatalogueService"],
  },
  publishing: {
    file: "marketplace/publishing/v1/publishing.proto",
    services: ["marketplace.publishing.v1.PublishingService"],
  },
  assets: { file: "marketplace/assets/v1/assets.proto", services: ["marketplace.assets.v1.AssetsService"] },
  listings: {
    file: "marketplace/listings/v1/listings.proto",
    services: ["marketplace.listings.v1.ListingsService"],
  },
  purchases: {
    file: "marketplace/purchases/v1/purchases.proto",
    services: ["marketplace.purchases.v1.PurchasesService"],
  },
  settlements: {
    file: "marketplace/settlements/v1/settlements.proto",
    services: ["marketplace.settlements.v1.SettlementsService"],
  },
  "iot-adapter": {
    file: "marketplace/iotadapter/v1/iot_adapter.proto",
    services: ["marketplace.iotadapter.v1.IotAdapterService"],
  },
  webhooks: {
    file: "marketplace/webhooks/v1/webhooks.proto",
    services: ["marketplace.webhooks.v1.WebhookEndpointsService"],
  },
};
/** Processes serving a second proto (publishing: releases; settlements: earnings and exports). */
const EXTRA: { process: ServiceName; file: string; service: string }[] = [
  {
    process: "publishing",
    file: "marketplace/publishing/v1/publishing_releases.proto",
    service: "marketplace.publishing.v1.PublishingReleasesService",
  },
  {
    process: "settlements",
    file: "marketplace/settlements/v1/statements.proto",
    service: "marketplace.settlements.v1.StatementsService",
  },
  {
    process: "settlements",
    file: "marketplace/settlements/v1/earnings.proto",
    service: "marketplace.settlements.v1.EarningsService",
  },
];

interface Rpc {
  process: ServiceName;
  name: string;
  definition: grpc.MethodDefinition<unknown, unknown>;
}

function lookup(tree: unknown, dotted: string): { service: grpc.ServiceDefinition } {
  return dotted.split(".").reduce((node, key) => (node as Record<string, unknown>)[key], tree) as {
    service: grpc.ServiceDefinition;
  };
}

const rpcs: Rpc[] = [];
for (const process of SERVICE_NAMES) {
  const { file, services } = PROTOS[process];
  const entries = [
    ...services.map((service) => ({ file, service })),
    ...EXTRA.filter((e) => e.process === process),
  ];
  for (const { file: protoFile, service } of entries) {
    const definition = lookup(loadProto(protoFile), service).service;
    for (const [name, method] of Object.entries(definition))
      rpcs.push({
        process,
        name: `${service}/${name}`,
        definition: method as grpc.MethodDefinition<unknown, unknown>,
      });
  }
}

const user: Principal = {
  subject: "intruder",
  organisationId: "0193a1b2-0000-7000-8000-00000000000a",
  roles: ["developer", "provider", "admin"],
  via: "jwt",
};

let stack: LocalStack;
const logs: string[] = [];
const clients = new Map<ServiceName, grpc.Client>();
let gatewayKey: CryptoKey;
let foreignKey: CryptoKey;
const sentTokens: string[] = [];

beforeAll(async () => {
  stack = await startTestStack(logs);
  for (const service of SERVICE_NAMES)
    clients.set(service, new grpc.Client(stack.grpcAddresses[service], grpc.credentials.createInsecure()));
  gatewayKey = (await importJWK(stack.meshKeys.privateKeys[GATEWAY_SIGNER]!, "ES256")) as CryptoKey;
  foreignKey = (await generateKeyPair("ES256")).privateKey;
}, 180_000);

afterAll(async () => {
  for (const client of clients.values()) client.close();
  await stack?.stop();
});

/** A method path no service serves: an assertion minted for it opens no RPC. */
const ELSEWHERE = "/marketplace.none.v1.NoService/Nothing";

/** The versioned kid of a signer's key in the launched stack (`gateway#20261128T...`). */
function kidOf(signer: string): string {
  return stack.meshKeys.privateKeys[signer]!.kid!;
}

/** A user assertion as the gateway would sign it, with any claim or key overridden. */
async function assertion(
  options: {
    audience?: string;
    key?: CryptoKey;
    kid?: string;
    issuer?: string;
    issuedAt?: number;
    ttl?: number;
  } = {},
): Promise<string> {
  const now = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    kind: "user",
    org: user.organisationId,
    roles: user.roles,
    via: user.via,
  })
    .setProtectedHeader({ alg: "ES256", kid: options.kid ?? kidOf(GATEWAY_SIGNER), typ: "JWT" })
    .setIssuer(options.issuer ?? GATEWAY_SIGNER)
    .setAudience(options.audience ?? "service:catalogue")
    .setSubject(user.subject)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttl ?? 60))
    .sign(options.key ?? gatewayKey);
  sentTokens.push(token);
  return token;
}

/** The status code of one call with exactly `headers` as metadata and an empty request. */
function callWith(rpc: Rpc, headers: Record<string, string>): Promise<grpc.status> {
  const client = clients.get(rpc.process)!;
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(headers)) metadata.set(key, value);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      rpc.definition.path,
      rpc.definition.requestSerialize,
      rpc.definition.responseDeserialize,
      {},
      metadata,
      { deadline: Date.now() + 10_000 },
      (error) => resolve(error ? error.code : grpc.status.OK),
    );
  });
}

/** The metadata of credentials, with request id `security-test`. */
function headersOf(credentials: MeshCredentials): Record<string, string> {
  const { call, assertion, onBehalfOf } = credentials;
  sentTokens.push(call, ...[assertion, onBehalfOf].filter((t): t is string => !!t));
  return {
    "x-request-id": "security-test",
    "x-mesh-call": credentials.call,
    ...(credentials.assertion ? { "x-mesh-assertion": credentials.assertion } : {}),
    ...(credentials.onBehalfOf ? { "x-mesh-on-behalf-of": credentials.onBehalfOf } : {}),
  };
}

/**
 * A hand-made call to `rpc` as `from` (default: the gateway) would MAC it, naming `callerKid` (default:
 * `from`'s kid), carrying `assertion` (a user assertion) and `onBehalfOf` as given.
 */
function handMade(
  rpc: Rpc,
  o: { from?: JWK; callerKid?: string; iat?: number; assertion?: string; onBehalfOf?: string } = {},
): Record<string, string> {
  const from = o.from ?? stack.meshKeys.privateKeys[GATEWAY_SIGNER]!;
  const callerKid = o.callerKid ?? from.kid!;
  const audience = serviceSigner(rpc.process);
  const calleeKid = kidOf(audience);
  const callee = stack.meshKeys.jwks.keys.find((k) => k.kid === calleeKid)!;
  const own = createPrivateKey({ key: from as JsonWebKey, format: "jwk" });
  const published = new Map([[calleeKid, createPublicKey({ key: callee as JsonWebKey, format: "jwk" })]]);
  const shared = new PairwiseKeys(from.kid!, own, published).with(calleeKid)!;
  const iat = o.iat ?? Math.floor(Date.now() / 1000);
  const jti = crypto.randomUUID();
  const facts = {
    callerKid,
    calleeKid,
    audience,
    method: rpc.definition.path,
    iat,
    jti,
    organisationId: undefined,
    requestId: "security-test",
    assertion: o.assertion,
    onBehalfOf: o.onBehalfOf,
  };
  const macs = new Map([[calleeKid, callMac(shared, facts).toString("base64url")]]);
  const call = formatCallToken({ callerKid, iat, jti, organisationId: undefined, macs });
  return headersOf({ call, assertion: o.assertion, onBehalfOf: o.onBehalfOf });
}

/** A process's real signer in the launched stack. */
function signerOf(signer: string) {
  return createMeshSigner(stack.meshKeys.privateKeys[signer]!, { jwks: stack.meshKeys.jwks });
}

const other = (service: ServiceName): ServiceName => (service === "catalogue" ? "assets" : "catalogue");

/** Each way of calling without valid credentials for the receiving service, by name. */
const attacks: Record<string, (target: ServiceName, rpc: Rpc) => Promise<Record<string, string>>> = {
  "no credentials": async () => ({}),
  "a call token made for another method": async (target) =>
    // Genuine, addressed to the target, fresh: only the method it was made for is another.
    headersOf(
      signerOf(GATEWAY_SIGNER).sign({
        audience: serviceSigner(target),
        method: ELSEWHERE,
        requestId: "security-test",
        subject: { user },
      }),
    ),
  "a call token presented a second time": async (target, rpc) => {
    const headers = headersOf(
      signerOf(GATEWAY_SIGNER).sign({
        audience: serviceSigner(target),
        method: rpc.definition.path,
        requestId: "security-test",
        subject: { user },
      }),
    );
    // The first presentation gets past the check (the positive control below shows it); this is the replay.
    expect(await callWith(rpc, headers)).not.toBe(grpc.status.UNAUTHENTICATED);
    return headers;
  },
  "a call token MACed under another pair's key (a service's key, naming the gateway's)": async (_t, rpc) =>
    handMade(rpc, {
      from: stack.meshKeys.privateKeys[serviceSigner("listings")]!,
      callerKid: kidOf(GATEWAY_SIGNER),
      assertion: await assertion({ audience: serviceSigner(rpc.process) }),
    }),
  "a call token naming a caller key not in the JWKS": async (_t, rpc) =>
    handMade(rpc, { callerKid: `${GATEWAY_SIGNER}#unpublished` }),
  "a stale call token": async (_t, rpc) =>
    handMade(rpc, {
      iat: Math.floor(Date.now() / 1000) - 180,
      assertion: await assertion({ audience: serviceSigner(rpc.process) }),
    }),
  "a forged user assertion (another key under the gateway's kid)": async (target, rpc) =>
    handMade(rpc, { assertion: await assertion({ audience: serviceSigner(target), key: foreignKey }) }),
  "an expired user assertion": async (target, rpc) =>
    handMade(rpc, {
      assertion: await assertion({
        audience: serviceSigner(target),
        issuedAt: Math.floor(Date.now() / 1000) - 180,
        ttl: 60,
      }),
    }),
  "a user assertion for an audience that is no service": async (_target, rpc) =>
    handMade(rpc, { assertion: await assertion({ audience: "service:everyone" }) }),
  "an x-principal header only": async () => ({ "x-principal": JSON.stringify(user) }),
  "a user assertion replayed against a second service": async (target, rpc) =>
    // Genuine and unexpired, but addressed to the service it was captured from.
    handMade(rpc, { assertion: await assertion({ audience: serviceSigner(other(target)) }) }),
  "a forwarded assertion not addressed to the forwarding service": async (target, rpc) => {
    const forwarder = target === "publishing" ? "assets" : "publishing";
    return headersOf(
      signerOf(serviceSigner(forwarder)).sign({
        audience: serviceSigner(target),
        method: rpc.definition.path,
        requestId: "security-test",
        subject: {},
        // A user assertion the gateway addressed to the target itself, not to the forwarding service.
        onBehalfOf: await assertion({ audience: serviceSigner(target) }),
      }),
    );
  },
  "a service key speaking as the gateway": async (target, rpc) => {
    const jwk: JWK = stack.meshKeys.privateKeys[serviceSigner("listings")]!;
    return handMade(rpc, {
      assertion: await assertion({
        audience: serviceSigner(target),
        key: (await importJWK(jwk, "ES256")) as CryptoKey,
        kid: kidOf(serviceSigner("listings")),
      }),
    });
  },
  "an unsigned user assertion (alg none)": async (target, rpc) => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const payload = { iss: GATEWAY_SIGNER, aud: serviceSigner(target), sub: "x", exp: now + 60, iat: now };
    return handMade(rpc, {
      assertion: `${encode({ alg: "none", kid: kidOf(GATEWAY_SIGNER) })}.${encode(payload)}.`,
    });
  },
};

describe("gRPC services refuse calls without valid credentials for them", () => {
  it("covers every RPC of the protos (services without RPCs yet have none to attack)", () => {
    const processes = new Set(rpcs.map((r) => r.process));
    for (const service of ["catalogue", "publishing", "assets", "listings", "iot-adapter"] as const)
      expect(processes).toContain(service);
    expect(rpcs.length).toBeGreaterThanOrEqual(30);
  });

  for (const [attack, headersFor] of Object.entries(attacks)) {
    it(`answers UNAUTHENTICATED to ${attack}, on every RPC`, async () => {
      const answers = await Promise.all(
        rpcs.map(async (rpc) => [rpc.name, await callWith(rpc, await headersFor(rpc.process, rpc))] as const),
      );
      const accepted = answers.filter(([, code]) => code !== grpc.status.UNAUTHENTICATED);
      expect(accepted).toEqual([]);
    });
  }

  it("lets a valid call through to the handler (the positive control)", async () => {
    const answers = await Promise.all(
      rpcs.map(async (rpc) => {
        const headers = handMade(rpc, {
          assertion: await assertion({ audience: serviceSigner(rpc.process) }),
        });
        return [rpc.name, await callWith(rpc, headers)] as const;
      }),
    );
    const refused = answers.filter(([, code]) => code === grpc.status.UNAUTHENTICATED);
    expect(refused).toEqual([]);
  });

  it("logs each refusal with its reason, never the token", () => {
    const refusals = logs.filter((line) => line.includes("call refused: assertion not accepted"));
    expect(refusals.length).toBeGreaterThan(0);
    const reasons = new Set(
      refusals.map((line) => (JSON.parse(line.slice(line.indexOf("{"))) as { reason: string }).reason),
    );
    expect([...reasons].sort()).toEqual(
      expect.arrayContaining([
        "the call carries no call token",
        expect.stringMatching(/^the call's MAC does not verify \(from gateway#/),
        expect.stringMatching(/^the call token was presented before/),
        "the call names a caller key not in the JWKS (gateway#unpublished)",
        "the call token has expired",
        "the gateway's user assertion has a signature that does not verify",
        "the gateway's user assertion has expired",
        'the gateway\'s user assertion has an unacceptable "aud" claim',
        'the forwarded user assertion has an unacceptable "aud" claim',
        expect.stringMatching(
          /^the gateway's user assertion is signed with service:listings#[^']+'s key but issued by gateway$/,
        ),
        "the gateway's user assertion uses an algorithm other than ES256",
      ]),
    );
    // Neither a MAC nor a signature reaches the log.
    for (const token of sentTokens) {
      const secret = token.includes("=") ? token.slice(token.lastIndexOf("=") + 1) : token.split(".")[2]!;
      if (secret) expect(logs.some((line) => line.includes(secret))).toBe(false);
    }
  });
});
