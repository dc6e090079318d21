import type { CatalogueProto, Principal } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { AppError, ConflictError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { currentTraceId, getTracer, startTelemetry } from "@mp/telemetry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnaryClient } from "./client";
import { type CallContext, requirePrincipal, unaryHandlers } from "./handlers";
import { healthChecker } from "./health";
import { loadProto } from "./loader";
import { type GrpcServer, startGrpcServer } from "./server";

const telemetry = startTelemetry({ serviceName: "grpc-test" });
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const logger = testLogger();
const principal: Principal = {
  subject: "user-1",
  organisationId: "0193a1b2-0000-7000-8000-000000000001",
  roles: ["admin"],
  via: "jwt",
};

let seen: { ctx?: CallContext; traceId?: string | undefined } = {};
let listCalls = 0;
let server: GrpcServer;

const instance = (name: string) => ({
  id: "0193a1b2-0000-7000-8000-0000000000aa",
  name,
  ownerOrganisationId: principal.organisationId,
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
  createdAt: new Date(0).toISOString(),
});

beforeAll(async () => {
  const handlers = unaryHandlers<CatalogueServiceHandlers>(
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
      async ListInstances() {
        listCalls += 1;
        if (listCalls === 1) throw new AppError("upstream-unavailable", "flaky");
        return { items: [instance("a")], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 };
      },
      async GetInstance(request, ctx) {
        await new Promise((resolve) => setTimeout(resolve, request.id === "slow" ? 500 : 0));
        seen = { ctx };
        return instance(ctx.signal.aborted ? "aborted" : "ok");
      },
    },
    logger,
  );
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: handlers,
      },
    },
    logger,
  });
});

afterAll(async () => {
  await server.shutdown(1_000);
  await telemetry.shutdown();
});

const client = () =>
  createUnaryClient(proto.CatalogueService, `127.0.0.1:${server.port}`, {
    upstream: "catalogue",
    idempotent: ["listInstances", "getInstance"],
    retry: { maxAttempts: 3, initialBackoffMs: 10, maxBackoffMs: 20 },
  });

describe("gRPC platform", () => {
  it("carries principal, request id and trace context to the handler", async () => {
    const c = client();
    await getTracer("test").startActiveSpan("caller", async (span) => {
      const created = await c.call(
        "createInstance",
        { name: "x", defaultCurrency: "EUR", platformFeeBps: 0 },
        {
          principal,
          requestId: "req-42",
        },
      );
      expect(created.ownerOrganisationId).toBe(principal.organisationId);
      expect(seen.traceId).toBe(span.spanContext().traceId);
      span.end();
    });
    expect(seen.ctx?.principal).toEqual(principal);
    expect(seen.ctx?.requestId).toBe("req-42");
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
    await expect(c.call("createInstance", { name: "x" }, { requestId: "r" })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(
      c.call(
        "createInstance",
        { name: "x" },
        { requestId: "r", principal: { ...principal, roles: ["provider"] } },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    c.close();
  });

  it("retries idempotent calls that failed as unavailable", async () => {
    const c = client();
    const listed = await c.call("listInstances", { page: 1, pageSize: 20 }, { requestId: "r" });
    expect(listed.items).toHaveLength(1);
    expect(listCalls).toBe(2);
    c.close();
  });

  it("enforces deadlines and reports them as upstream-unavailable", async () => {
    const c = client();
    await expect(
      c.call("getInstance", { id: "slow" }, { requestId: "r" }, { deadlineMs: 100 }),
    ).rejects.toMatchObject({ code: "upstream-unavailable" });
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
});
