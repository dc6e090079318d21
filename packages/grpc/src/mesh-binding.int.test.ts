import * as grpc from "@grpc/grpc-js";
import {
  createMeshSigner,
  createMeshVerifier,
  GATEWAY_SIGNER,
  generateMeshKeys,
  type MeshSigner,
  type MeshVerifier,
  serviceSigner,
} from "@mp/auth";
import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { AppError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnaryClient } from "./client";
import { unaryHandlers } from "./handlers";
import { loadProto } from "./loader";
import { adminPrincipal as principal } from "./principal.fixture";
import { type GrpcServer, startGrpcServer } from "./server";

/**
 * Assertions over a real gRPC server: each is accepted once, on the method it names, and a signer's key
 * rotates (publish the new key, switch the signer, retire the old key) while calls flow, none failing.
 */
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const definition = proto.CatalogueService.service;
const logger = testLogger();
const CATALOGUE = serviceSigner("catalogue");

const instance = {
  id: "0193a1b2-0000-7000-8000-0000000000aa",
  name: "ok",
  ownerOrganisationId: principal.organisationId,
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
  createdAt: new Date(0).toISOString(),
};

let server: GrpcServer;
let raw: grpc.Client;
/** The verifier the server consults: swapped as a rollout of the verifying service would. */
let verifier: MeshVerifier;
const handled: string[] = [];
const oldKeys = await generateMeshKeys([GATEWAY_SIGNER, CATALOGUE], "2026-10");
const newKeys = await generateMeshKeys([GATEWAY_SIGNER], "2026-11");
const oldGateway = createMeshSigner(oldKeys.privateKeys[GATEWAY_SIGNER]!);
const newGateway = createMeshSigner(newKeys.privateKeys[GATEWAY_SIGNER]!);
const publicKey = (keys: typeof oldKeys, signer: string) =>
  keys.jwks.keys.find((k) => k.kid!.startsWith(signer))!;

beforeAll(async () => {
  verifier = createMeshVerifier({ self: CATALOGUE, jwks: oldKeys.jwks });
  const handlers = unaryHandlers<CatalogueServiceHandlers>(
    "catalogue",
    {
      async GetInstance() {
        handled.push("GetInstance");
        return instance;
      },
      async CreateInstance() {
        handled.push("CreateInstance");
        return instance;
      },
      ListInstances: async () => {
        throw new AppError("not-implemented", "x");
      },
    },
    logger,
  );
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: { "marketplace.catalogue.v1.CatalogueService": { definition, implementation: handlers } },
    logger,
    verifier: { self: CATALOGUE, verifyCall: (credentials) => verifier.verifyCall(credentials) },
  });
  raw = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  raw?.close();
  await server?.shutdown(1_000);
});

/** The status of one call of `method` carrying exactly `assertion`. */
function callWith(method: "GetInstance" | "CreateInstance", assertion: string): Promise<grpc.status> {
  const metadata = new grpc.Metadata();
  metadata.set("x-mesh-assertion", assertion);
  const rpc = definition[method] as grpc.MethodDefinition<unknown, unknown>;
  const request = method === "GetInstance" ? { id: "x" } : { name: "n", defaultCurrency: "EUR" };
  return new Promise((resolve) =>
    raw.makeUnaryRequest(
      rpc.path,
      rpc.requestSerialize,
      rpc.responseDeserialize,
      request,
      metadata,
      { deadline: Date.now() + 5_000 },
      (error) => resolve(error ? error.code : grpc.status.OK),
    ),
  );
}

const sign = (method: string) =>
  oldGateway.sign({ audience: CATALOGUE, method, requestId: "r", subject: { user: principal } });

describe("assertions bound to the call, over gRPC", () => {
  it("open only the method they were minted for", async () => {
    handled.length = 0;
    const forGet = await sign(definition.GetInstance.path);
    expect(await callWith("CreateInstance", forGet)).toBe(grpc.status.UNAUTHENTICATED);
    expect(handled).toEqual([]);
    expect(await callWith("GetInstance", forGet)).toBe(grpc.status.OK);
    expect(handled).toEqual(["GetInstance"]);
  });

  it("are accepted once: the same assertion presented again is refused", async () => {
    handled.length = 0;
    const assertion = await sign(definition.GetInstance.path);
    expect(await callWith("GetInstance", assertion)).toBe(grpc.status.OK);
    expect(await callWith("GetInstance", assertion)).toBe(grpc.status.UNAUTHENTICATED);
    expect(handled).toEqual(["GetInstance"]);
  });

  it("a client signs each call (and each retry) afresh, so calls never collide", async () => {
    const client = createUnaryClient(proto.CatalogueService, `127.0.0.1:${server.port}`, {
      upstream: "catalogue",
      identity: oldGateway,
      logger,
    });
    try {
      const ctx = { principal, requestId: "same" };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => client.call("getInstance", { id: "x" }, ctx)),
      );
      expect(answers).toHaveLength(20);
    } finally {
      client.close();
    }
  });

  it("rotate a signer's key while calls flow, without a failed call", async () => {
    // The gateway's signer as the rolling gateway pods hold it: old key first, then the new one.
    let current: MeshSigner = oldGateway;
    const usedKids = new Set<string>();
    const rolling: MeshSigner = {
      name: GATEWAY_SIGNER,
      get kid() {
        return current.kid;
      },
      sign(input) {
        usedKids.add(current.kid);
        return current.sign(input);
      },
    };
    const client = createUnaryClient(proto.CatalogueService, `127.0.0.1:${server.port}`, {
      upstream: "catalogue",
      identity: rolling,
      logger,
    });
    const failures: unknown[] = [];
    let calls = 0;
    let flowing = true;
    const worker = async () => {
      while (flowing) {
        await client.call("getInstance", { id: "x" }, { principal, requestId: `rot-${calls}` }).then(
          () => calls++,
          (error: unknown) => failures.push(error),
        );
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    const flow = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await flow(150);
      // 1. Publish the new key beside the old one; the verifying service rolls onto that key set.
      verifier = createMeshVerifier({
        self: CATALOGUE,
        jwks: { keys: [...oldKeys.jwks.keys, publicKey(newKeys, GATEWAY_SIGNER)] },
      });
      await flow(150);
      // 2. The signer rolls onto its new private key; calls signed with the old one may still be in flight.
      current = newGateway;
      await flow(150);
      // 3. Once nothing signed with the old key can arrive, the old key leaves the key set.
      verifier = createMeshVerifier({
        self: CATALOGUE,
        jwks: { keys: [publicKey(newKeys, GATEWAY_SIGNER), publicKey(oldKeys, CATALOGUE)] },
      });
      await flow(150);
    } finally {
      flowing = false;
      await Promise.all(workers);
      client.close();
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(20);
    expect([...usedKids].sort()).toEqual(["gateway#2026-10", "gateway#2026-11"]);
    // The retired key opens nothing any more: the verifier picks keys by kid, not by signer.
    expect(await callWith("GetInstance", await sign(definition.GetInstance.path))).toBe(
      grpc.status.UNAUTHENTICATED,
    );
  });
});
