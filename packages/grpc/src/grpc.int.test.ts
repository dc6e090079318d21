import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { AppError, ConflictError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { currentTraceId, getTracer, startTelemetry } from "@mp/telemetry";
import { ephemeralMesh, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireOrganisation, requirePrincipal, requireService } from "./callers";
import { createUnaryClient } from "./client";
import { type CallContext, unaryHandlers } from "./handlers";
import { healthChecker } from "./health";
import { loadProto } from "./loader";
import { adminPrincipal as principal } from "./principal.fixture";
import { type GrpcServer, startGrpcServer } from "./server";

const telemetry = startTelemetry({ serviceName: "grpc-test" });
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const logger = testLogger();

let seen: { ctx?: CallContext; traceId?: string | undefined; abortReason?: string } = {};
let listCalls = 0;
let mesh: TestMesh;
/** The service under test answers as `catalogue`. */
let server: GrpcServer;
/** A second service, `publishing`, whose handlers call the catalogue the ways services do. */
let relay: GrpcServer;
let downstream: { close(): void };

const instance = (name: string) => ({
  id: "0193a1b2-0000-7000-8000-0000000000aa",
  name,
  ownerOrganisationId: principal.organisationId,
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
  createdAt: new Date(0).toISOString(),
});

const catalogueHandlers = () =>
  unaryHandlers<CatalogueServiceHandlers>(
    "catalogue",
    {
      async CreateInstance(request, ctx) {
        const caller = requirePrincipal(ctx, "admin");
        seen = { ctx, traceId: currentTraceId() };
        if (request.name === "taken")
          throw new ConflictError("invalid-state", "Taken.", { extensions: { state: "x" } });
        if (request.name === "crash") throw new Error("SELECT secret FROM table");
        return { ...instance(request.name), ownerOrganisationId: caller.organisationId };
      },
      async ListInstances(_request, ctx) {
        listCalls += 1;
        seen = { ctx };
        throw new AppError("upstream-unavailable", "the database is down");
      },
      async GetInstance(request, ctx) {
        seen = { ctx };
        if (request.id === "service-only") {
          const organisationId = requireOrganisation(ctx, { services: ["publishing"] });
          return { ...instance("for a service"), ownerOrganisationId: organisationId };
        }
        if (request.id === "publishing-only") return instance(requireService(ctx, "publishing").service);
        if (request.id === "watch") {
          // Read at once: the deadline aborts it while the handler still waits.
          const signal = ctx.signal;
          await new Promise((resolve) => {
            signal.addEventListener("abort", resolve, { once: true });
            setTimeout(resolve, 500);
          });
          seen = {
            ctx,
            abortReason: signal.aborted ? String((signal.reason as Error).message) : "not aborted",
          };
          return instance("watched");
        }
        await new Promise((resolve) => setTimeout(resolve, request.id === "slow" ? 500 : 0));
        return instance(ctx.signal.aborted ? "aborted" : "ok");
      },
    },
    logger,
  );

beforeAll(async () => {
  mesh = await ephemeralMesh();
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: catalogueHandlers(),
      },
    },
    logger,
    verifier: mesh.verifier("catalogue"),
  });
  const catalogue = createUnaryClient(proto.CatalogueService, `127.0.0.1:${server.port}`, {
    upstream: "catalogue",
    identity: mesh.signer("publishing"),
    logger,
  });
  downstream = catalogue;
  // Each of publishing's RPCs calls the catalogue in one way: forwarding its caller, with a principal it
  // made up, or as itself. The id says which.
  const relayHandlers = unaryHandlers<CatalogueServiceHandlers>(
    "publishing",
    {
      async GetInstance(request, ctx) {
        if (request.id === "forward") return catalogue.call("getInstance", { id: "x" }, ctx);
        if (request.id === "made-up")
          return catalogue.call("getInstance", { id: "x" }, { ...ctx, principal: { ...principal } });
        if (request.id === "forward-create")
          return catalogue.call("createInstance", { name: "fwd", defaultCurrency: "EUR" }, ctx);
        return catalogue.call(
          "getInstance",
          { id: request.id },
          { requestId: ctx.requestId, organisationId: principal.organisationId },
        );
      },
      CreateInstance: async () => {
        throw new AppError("not-implemented", "x");
      },
      ListInstances: async () => {
        throw new AppError("not-implemented", "x");
      },
    },
    logger,
  );
  relay = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: relayHandlers,
      },
    },
    logger,
    verifier: mesh.verifier("publishing"),
  });
});

afterAll(async () => {
  downstream?.close();
  await relay.shutdown(1_000);
  await server.shutdown(1_000);
  await telemetry.shutdown();
});

/** The gateway's client of the catalogue. */
const client = () =>
  createUnaryClient(proto.CatalogueService, `127.0.0.1:${server.port}`, {
    upstream: "catalogue",
    identity: mesh.gateway,
    idempotent: ["listInstances", "getInstance"],
    retry: { maxAttempts: 3, initialBackoffMs: 10, maxBackoffMs: 20 },
  });

/** The gateway's client of publishing. */
const relayClient = () =>
  createUnaryClient(proto.CatalogueService, `127.0.0.1:${relay.port}`, {
    upstream: "publishing",
    identity: mesh.gateway,
  });

describe("gRPC platform", () => {
  it("carries principal, request id and trace context to the handler", async () => {
    const c = client();
    await getTracer("test").startActiveSpan("caller", async (span) => {
      const created = await c.call(
        "createInstance",
        { name: "x", defaultCurrency: "EUR", platformFeeBps: 0 },
        { principal, requestId: "req-42" },
      );
      expect(created.ownerOrganisationId).toBe(principal.organisationId);
      expect(seen.traceId).toBe(span.spanContext().traceId);
      span.end();
    });
    expect(seen.ctx?.principal).toEqual(principal);
    expect(seen.ctx?.service).toBeUndefined();
    expect(seen.ctx?.requestId).toBe("req-42");
    // The call's logger (made on first use) names the call, and is one logger however often it is read.
    expect(seen.ctx?.logger.bindings()).toMatchObject({
      requestId: "req-42",
      rpc: "catalogue/CreateInstance",
    });
    expect(seen.ctx?.logger).toBe(seen.ctx?.logger);
    c.close();
  });

  it("maps contract errors and hides unknown ones", async () => {
    const c = client();
    const ctx = { principal, requestId: "r" };
    await expect(c.call("createInstance", { name: "taken" }, ctx)).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "x" },
    });
    const crash = await c.call("createInstance", { name: "crash" }, ctx).catch((e: AppError) => e);
    expect(crash).toBeInstanceOf(AppError);
    expect((crash as AppError).code).toBe("internal");
    expect((crash as AppError).message).not.toContain("secret");
    await expect(
      c.call(
        "createInstance",
        { name: "x" },
        { requestId: "r", principal: { ...principal, roles: ["provider"] } },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    c.close();
  });

  it("lets a user RPC refuse a caller acting as itself, and a service RPC accept it by name", async () => {
    const c = client();
    // The gateway calling as itself is no user: a user-only RPC refuses it.
    await expect(c.call("createInstance", { name: "x" }, { requestId: "r" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(c.call("getInstance", { id: "publishing-only" }, { requestId: "r" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      c.call("getInstance", { id: "publishing-only" }, { requestId: "r", principal }),
    ).rejects.toMatchObject({ code: "forbidden" });

    const r = relayClient();
    // Publishing's own work, for an organisation it names: accepted where the handler names publishing.
    const own = await r.call("getInstance", { id: "service-only" }, { principal, requestId: "own-1" });
    expect(own.ownerOrganisationId).toBe(principal.organisationId);
    expect(seen.ctx).toMatchObject({
      principal: undefined,
      service: { service: "publishing", organisationId: principal.organisationId },
      requestId: "own-1",
    });
    expect((await r.call("getInstance", { id: "publishing-only" }, { principal, requestId: "r" })).name).toBe(
      "publishing",
    );
    r.close();
    c.close();
  });

  it("forwards the user through a service, recording the service as actor", async () => {
    const r = relayClient();
    const read = await r.call("getInstance", { id: "forward" }, { principal, requestId: "fwd-1" });
    expect(read.name).toBe("ok");
    expect(seen.ctx?.principal).toEqual({ ...principal, actor: "publishing" });
    expect(seen.ctx?.requestId).toBe("fwd-1");
    r.close();
  });

  it("never lets a service state a user the gateway did not vouch for", async () => {
    const r = relayClient();
    const error = await r
      .call("getInstance", { id: "made-up" }, { principal, requestId: "r" })
      .catch((e: AppError) => e);
    expect(error).toMatchObject({ code: "internal", extensions: { errorId: expect.any(String) } });
    r.close();
  });

  it("turns a downstream refusal of the calling service into internal, keeping the error id", async () => {
    const r = relayClient();
    // The catalogue answers `forbidden` to publishing (the user is no admin), which is publishing's bug,
    // not the user's: the edge sees `internal` with the id publishing logged it under.
    const forbidden = await r
      .call(
        "getInstance",
        { id: "forward-create" },
        { principal: { ...principal, roles: ["developer"] }, requestId: "r" },
      )
      .catch((e: AppError) => e);
    expect(forbidden).toMatchObject({ code: "internal", extensions: { errorId: expect.any(String) } });
    r.close();

    // At the gateway hop, a service's `unauthenticated` about the gateway (here: a gateway key from another
    // mesh) is internal too: the user's token was fine.
    const stranger = createUnaryClient(proto.CatalogueService, `127.0.0.1:${server.port}`, {
      upstream: "catalogue",
      identity: (await ephemeralMesh()).gateway,
      logger,
    });
    const refused = await stranger
      .call("getInstance", { id: "x" }, { principal, requestId: "r" })
      .catch((e: AppError) => e);
    expect(refused).toMatchObject({ code: "internal", extensions: { errorId: expect.any(String) } });
    stranger.close();
  });

  it("refuses control characters in any string field, naming the field", async () => {
    const c = client();
    await expect(
      c.call("createInstance", { name: "a\u0000b", defaultCurrency: "EUR" }, { principal, requestId: "r" }),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { name: expect.any(Array) } },
    });
    // A description may hold newlines and tabs; no field may hold the other C0 characters.
    await expect(
      c.call(
        "createInstance",
        { name: "line\nnext\tcol", defaultCurrency: "EUR" },
        { principal, requestId: "r" },
      ),
    ).resolves.toMatchObject({ name: "line\nnext\tcol" });
    c.close();
  });

  it("does not retry a service's own UNAVAILABLE answer, even for an idempotent method", async () => {
    const c = client();
    listCalls = 0;
    await expect(
      c.call("listInstances", { page: 1, pageSize: 20 }, { requestId: "r" }),
    ).rejects.toMatchObject({
      code: "upstream-unavailable",
    });
    expect(listCalls).toBe(1);
    c.close();
  });

  it("enforces deadlines, reports them as upstream-unavailable, and aborts the handler's signal", async () => {
    const c = client();
    await expect(
      c.call("getInstance", { id: "slow" }, { requestId: "r" }, { deadlineMs: 100 }),
    ).rejects.toMatchObject({ code: "upstream-unavailable" });
    await waitFor(() => seen.ctx?.signal.aborted || undefined, { what: "the handler's signal to abort" });

    // A signal read before the deadline aborts while the handler waits (by our timer or the cancel that
    // grpc-js reports at the deadline, whichever comes first).
    seen = {};
    await expect(
      c.call("getInstance", { id: "watch" }, { requestId: "r" }, { deadlineMs: 100 }),
    ).rejects.toMatchObject({ code: "upstream-unavailable" });
    await waitFor(() => seen.abortReason, { what: "the watching handler to end" });
    expect(["deadline exceeded", "cancelled by the client"]).toContain(seen.abortReason);
    c.close();
  });

  it("answers health checks, and stops serving on shutdown", async () => {
    const health = healthChecker(`127.0.0.1:${server.port}`);
    expect(await health.check()).toBe(true);
    expect(await health.check("marketplace.catalogue.v1.CatalogueService")).toBe(true);
    server.setServing(false);
    expect(await health.check()).toBe(false);
    server.setServing(true);
    health.close();
    const unreachable = healthChecker("127.0.0.1:1");
    expect(await unreachable.check("", 300)).toBe(false);
    unreachable.close();
  });

  it("drains on shutdown: NOT_SERVING at once, still answering for the drain delay, then closed", async () => {
    const draining = await startGrpcServer({
      host: "127.0.0.1",
      port: 0,
      services: {
        "marketplace.catalogue.v1.CatalogueService": {
          definition: proto.CatalogueService.service,
          implementation: catalogueHandlers(),
        },
      },
      logger,
      verifier: mesh.verifier("catalogue"),
      drainMs: 400,
    });
    const health = healthChecker(`127.0.0.1:${draining.port}`);
    const c = createUnaryClient(proto.CatalogueService, `127.0.0.1:${draining.port}`, {
      upstream: "catalogue",
      identity: mesh.gateway,
      logger,
    });
    const stopped = draining.shutdown(1_000);
    expect(await health.check()).toBe(false);
    await expect(c.call("getInstance", { id: "x" }, { principal, requestId: "r" })).resolves.toMatchObject({
      name: "ok",
    });
    await stopped;
    await expect(
      c.call("getInstance", { id: "x" }, { principal, requestId: "r" }, { deadlineMs: 300 }),
    ).rejects.toMatchObject({ code: "upstream-unavailable" });
    c.close();
    health.close();
  });
});
