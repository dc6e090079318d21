import * as grpc from "@grpc/grpc-js";
import {
  createMeshSigner,
  createMeshVerifier,
  GATEWAY_SIGNER,
  generateMeshKeys,
  type MeshCredentials,
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
 * Calls over a real gRPC server: each call's token is accepted once, on the method it was made for, and
 * a caller's key and then the callee's key rotate (publish the new key, switch, retire the old key) while
 * calls flow, none failing.
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
const newKeys = await generateMeshKeys([GATEWAY_SIGNER, CATALOGUE], "2026-11");
const oldGateway = createMeshSigner(oldKeys.privateKeys[GATEWAY_SIGNER]!, { jwks: oldKeys.jwks });
type JSONWebKeySet = (typeof oldKeys)["jwks"];
const publicKey = (keys: typeof oldKeys, signer: string) =>
  keys.jwks.keys.find((k) => k.kid!.startsWith(signer))!;

beforeAll(async () => {
  verifier = createMeshVerifier({ privateKey: oldKeys.privateKeys[CATALOGUE]!, jwks: oldKeys.jwks });
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

/** The status of one call of `method` carrying exactly `credentials` (and request id `r`). */
function callWith(
  method: "GetInstance" | "CreateInstance",
  credentials: MeshCredentials,
): Promise<grpc.status> {
  const metadata = new grpc.Metadata();
  metadata.set("x-request-id", "r");
  metadata.set("x-mesh-call", credentials.call);
  if (credentials.assertion) metadata.set("x-mesh-assertion", credentials.assertion);
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

const sign = (method: string, signer = oldGateway) =>
  signer.sign({ audience: CATALOGUE, method, requestId: "r", subject: { user: principal } });

describe("calls bound to their method and accepted once, over gRPC", () => {
  it("open only the method they were made for", async () => {
    handled.length = 0;
    const forGet = sign(definition.GetInstance.path);
    expect(await callWith("CreateInstance", forGet)).toBe(grpc.status.UNAUTHENTICATED);
    expect(handled).toEqual([]);
    expect(await callWith("GetInstance", forGet)).toBe(grpc.status.OK);
    expect(handled).toEqual(["GetInstance"]);
  });

  it("are accepted once: the same call token presented again is refused", async () => {
    handled.length = 0;
    const credentials = sign(definition.GetInstance.path);
    expect(await callWith("GetInstance", credentials)).toBe(grpc.status.OK);
    expect(await callWith("GetInstance", credentials)).toBe(grpc.status.UNAUTHENTICATED);
    expect(handled).toEqual(["GetInstance"]);
  });

  it("a client makes each call's token (and each retry's) afresh, so calls never collide", async () => {
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

  it("rotate the caller's key, then the callee's, while calls flow, without a failed call", async () => {
    // The gateway as its rolling pods hold it: its private key and the JWKS it was given.
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
    // Each step lasts until calls have completed under it (at least 4, and at least 120 ms), so every key
    // set is exercised however slow a loaded machine makes the calls.
    const flow = async (ms: number) => {
      const until = calls + 4;
      const started = Date.now();
      while ((calls < until && failures.length === 0) || Date.now() - started < ms) {
        if (Date.now() - started > 30_000)
          throw new Error(`no calls completed in 30 s (${failures.length} failed)`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const gatewayOn = (keys: typeof oldKeys, jwks: JSONWebKeySet) =>
      createMeshSigner(keys.privateKeys[GATEWAY_SIGNER]!, { jwks });
    const catalogueOn = (keys: typeof oldKeys, jwks: JSONWebKeySet) =>
      createMeshVerifier({ privateKey: keys.privateKeys[CATALOGUE]!, jwks });
    const [oldGw, newGw, oldCat, newCat] = [
      publicKey(oldKeys, GATEWAY_SIGNER),
      publicKey(newKeys, GATEWAY_SIGNER),
      publicKey(oldKeys, CATALOGUE),
      publicKey(newKeys, CATALOGUE),
    ];
    try {
      await flow(120);
      // The gateway's key. 1. Publish the new key beside the old one; everyone rolls onto that key set.
      let jwks: JSONWebKeySet = { keys: [oldGw, newGw, oldCat] };
      verifier = catalogueOn(oldKeys, jwks);
      current = gatewayOn(oldKeys, jwks);
      await flow(120);
      // 2. The gateway rolls onto its new private key; calls made with the old one may still be in flight.
      current = gatewayOn(newKeys, jwks);
      await flow(120);
      // 3. Once nothing made with the old key can arrive, it leaves the key set.
      jwks = { keys: [newGw, oldCat] };
      verifier = catalogueOn(oldKeys, jwks);
      current = gatewayOn(newKeys, jwks);
      await flow(120);
      // The catalogue's key. 1. Published beside the old one: callers MAC for both from now on.
      jwks = { keys: [newGw, oldCat, newCat] };
      current = gatewayOn(newKeys, jwks);
      verifier = catalogueOn(oldKeys, jwks);
      await flow(120);
      // 2. The catalogue rolls onto its new private key.
      verifier = catalogueOn(newKeys, jwks);
      await flow(120);
      // 3. The old key leaves the key set.
      jwks = { keys: [newGw, newCat] };
      current = gatewayOn(newKeys, jwks);
      verifier = catalogueOn(newKeys, jwks);
      await flow(120);
    } finally {
      flowing = false;
      await Promise.all(workers);
      client.close();
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(20);
    expect([...usedKids].sort()).toEqual(["gateway#2026-10", "gateway#2026-11"]);
    // The retired caller key opens nothing any more, nor a token made for the callee's retired key.
    expect(await callWith("GetInstance", sign(definition.GetInstance.path))).toBe(
      grpc.status.UNAUTHENTICATED,
    );
    const forOldCatalogue = gatewayOn(newKeys, { keys: [newGw, oldCat] });
    expect(await callWith("GetInstance", sign(definition.GetInstance.path, forOldCatalogue))).toBe(
      grpc.status.UNAUTHENTICATED,
    );
  });
});
