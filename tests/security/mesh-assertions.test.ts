import * as grpc from "@grpc/grpc-js";
import { createMeshSigner, GATEWAY_SIGNER, serviceSigner } from "@mp/auth";
import { SERVICE_NAMES, type ServiceName } from "@mp/config";
import type { Principal } from "@mp/contracts";
import { loadProto } from "@mp/grpc";
import type { LocalStack } from "@mp/local/stack";
import { base64url, type CryptoKey, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack } from "../e2e/stack";

/**
 * Every RPC of every gRPC service of a launched stack (one process per service, keys made by the
 * launcher) refuses a call whose credentials are not a valid assertion addressed to it: none at all, a
 * forged or expired or misaddressed one, the retired `x-principal` header, a user's assertion replayed
 * against another service, a forwarded assertion not addressed to the forwarding service, and a service's
 * key speaking as the gateway, an assertion minted for another method, and one presented twice. A valid assertion gets past the check (the positive control), so each
 * refusal is the assertion's doing. RPCs are read from the protos, so a new RPC is covered when it lands.
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

/** An assertion as the gateway would sign it, with any claim or key overridden. */
async function assertion(
  options: {
    audience?: string;
    key?: CryptoKey;
    kid?: string;
    issuer?: string;
    issuedAt?: number;
    ttl?: number;
    /** The method the assertion is minted for (`mth`). */
    method?: string;
  } = {},
): Promise<string> {
  const now = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    kind: "user",
    org: user.organisationId,
    roles: user.roles,
    via: user.via,
    rid: "security-test",
    mth: options.method ?? ELSEWHERE,
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

const other = (service: ServiceName): ServiceName => (service === "catalogue" ? "assets" : "catalogue");

/** Each way of calling without a valid assertion for the receiving service, by name. */
const attacks: Record<string, (target: ServiceName, rpc: Rpc) => Promise<Record<string, string>>> = {
  "no assertion": async () => ({}),
  "a forged assertion (another key under the gateway's kid)": async (target, rpc) => ({
    "x-mesh-assertion": await assertion({
      audience: serviceSigner(target),
      key: foreignKey,
      method: rpc.definition.path,
    }),
  }),
  "an expired assertion": async (target, rpc) => ({
    "x-mesh-assertion": await assertion({
      audience: serviceSigner(target),
      method: rpc.definition.path,
      issuedAt: Math.floor(Date.now() / 1000) - 180,
      ttl: 60,
    }),
  }),
  "an assertion for an audience that is no service": async (_target, rpc) => ({
    "x-mesh-assertion": await assertion({ audience: "service:everyone", method: rpc.definition.path }),
  }),
  "an assertion minted for another method": async (target) => ({
    // Genuine, addressed to the target, unexpired: only the method it names is another.
    "x-mesh-assertion": await assertion({ audience: serviceSigner(target), method: ELSEWHERE }),
  }),
  "an assertion presented a second time": async (target, rpc) => {
    const headers = {
      "x-mesh-assertion": await assertion({ audience: serviceSigner(target), method: rpc.definition.path }),
    };
    // The first presentation gets past the check (the positive control below shows it); this is the replay.
    expect(await callWith(rpc, headers)).not.toBe(grpc.status.UNAUTHENTICATED);
    return headers;
  },
  "an x-principal header only": async () => ({ "x-principal": JSON.stringify(user) }),
  "a user assertion replayed against a second service": async (target, rpc) => ({
    // Genuine and unexpired, but addressed to the service it was captured from.
    "x-mesh-assertion": await assertion({
      audience: serviceSigner(other(target)),
      method: rpc.definition.path,
    }),
  }),
  "a forwarded assertion not addressed to the forwarding service": async (target, rpc) => {
    const forwarder = target === "publishing" ? "assets" : "publishing";
    const signer = createMeshSigner(stack.meshKeys.privateKeys[serviceSigner(forwarder)]!);
    const own = await signer.sign({
      audience: serviceSigner(target),
      method: rpc.definition.path,
      requestId: "fwd",
      subject: {},
    });
    sentTokens.push(own);
    return {
      "x-mesh-assertion": own,
      // A user assertion the gateway addressed to the target itself, not to the forwarding service.
      "x-mesh-on-behalf-of": await assertion({
        audience: serviceSigner(target),
        method: rpc.definition.path,
      }),
    };
  },
  "a service key speaking as the gateway": async (target, rpc) => {
    const jwk: JWK = stack.meshKeys.privateKeys[serviceSigner("listings")]!;
    return {
      "x-mesh-assertion": await assertion({
        audience: serviceSigner(target),
        key: (await importJWK(jwk, "ES256")) as CryptoKey,
        kid: kidOf(serviceSigner("listings")),
        method: rpc.definition.path,
      }),
    };
  },
  "an unsigned assertion (alg none)": async (target) => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const payload = { iss: GATEWAY_SIGNER, aud: serviceSigner(target), sub: "x", exp: now + 60, iat: now };
    return { "x-mesh-assertion": `${encode({ alg: "none", kid: GATEWAY_SIGNER })}.${encode(payload)}.` };
  },
};

describe("gRPC services refuse calls without a valid assertion addressed to them", () => {
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

  it("lets a valid assertion through to the handler (the positive control)", async () => {
    const answers = await Promise.all(
      rpcs.map(async (rpc) => {
        const headers = {
          "x-mesh-assertion": await assertion({
            audience: serviceSigner(rpc.process),
            method: rpc.definition.path,
          }),
        };
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
        "the call carries no assertion",
        "the caller's assertion has a signature that does not verify",
        "the caller's assertion has expired",
        'the caller\'s assertion has an unacceptable "aud" claim',
        'the forwarded user assertion has an unacceptable "aud" claim',
        expect.stringMatching(
          /^the caller's assertion is signed with service:listings#[^']+'s key but issued by gateway$/,
        ),
        expect.stringMatching(
          /^the caller's assertion was minted for \/marketplace\.none\.v1\.NoService\/Nothing, not /,
        ),
        expect.stringMatching(/^the caller's assertion was presented before/),
        "the caller's assertion uses an algorithm other than ES256",
      ]),
    );
    for (const token of sentTokens) {
      const signature = token.split(".")[2]!;
      expect(logs.some((line) => line.includes(signature))).toBe(false);
    }
  });
});
