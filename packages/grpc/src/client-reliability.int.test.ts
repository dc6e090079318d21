import * as grpc from "@grpc/grpc-js";
import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { NotFoundError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { ephemeralMesh, type TestMesh, waitFor } from "@mp/testing";
import { metrics } from "@opentelemetry/api";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ClientOptions, createUnaryClient } from "./client";
import { unaryHandlers } from "./handlers";
import { loadProto } from "./loader";
import type { Cancellable } from "./metadata";
import { adminPrincipal as principal } from "./principal.fixture";
import { type GrpcServer, startGrpcServer } from "./server";

/**
 * The client's reliability rules against real servers: what is retried (transport failures of idempotent
 * methods only), one deadline for a whole call, the remaining budget passed downstream, cancellation, and
 * the per-RPC metrics. Transport failures are injected by a client interceptor that replaces the status
 * of a completed call with UNAVAILABLE, as a connection lost after the server did the work would; the same
 * interceptor records the deadline the client gave each attempt, so deadlines are checked as the client
 * sets them, not through the machine's scheduling (CI runs these at load averages of 10-20).
 */
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const logger = testLogger();
const instance = {
  id: "0193a1b2-0000-7000-8000-0000000000aa",
  name: "x",
  ownerOrganisationId: principal.organisationId,
  defaultCurrency: "EUR",
  platformFeeBps: 0,
  createdAt: new Date(0).toISOString(),
};

metrics.disable();
const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

/** Server-side invocations of each RPC, and what the handlers saw. */
const invocations = { create: 0, get: 0 };
/** A handler's deadline and the moment it started (epoch ms): what it had left of its caller's budget. */
interface BudgetSeen {
  deadline: number | undefined;
  at: number;
}
let relaySeen: BudgetSeen | undefined;
let downstreamSeen: BudgetSeen | undefined;
let cancelledSeen = false;

let mesh: TestMesh;
let catalogue: GrpcServer;
let relay: GrpcServer;
let relayToCatalogue: { close(): void };

/** Fails the status of the next `failures.left` calls with UNAVAILABLE (no answer trailer). */
const failures = { left: 0 };
/** The deadline (epoch ms) the client gave each attempt it started, in order. */
const attemptDeadlines: number[] = [];
const dropAnswers: grpc.Interceptor = (options, nextCall) => {
  attemptDeadlines.push(Number(options.deadline));
  return new grpc.InterceptingCall(nextCall(options), {
    start(metadata, _listener, next) {
      next(metadata, {
        onReceiveStatus(status, nextStatus) {
          if (failures.left > 0) {
            failures.left--;
            nextStatus({
              code: grpc.status.UNAVAILABLE,
              details: "injected: connection lost",
              metadata: new grpc.Metadata(),
            });
          } else nextStatus(status);
        },
      });
    },
  });
};

const clientOf = (port: number, options: Partial<ClientOptions> = {}) =>
  createUnaryClient(proto.CatalogueService, `127.0.0.1:${port}`, {
    upstream: "catalogue",
    identity: mesh.gateway,
    logger,
    idempotent: ["getInstance", "listInstances"],
    retry: { maxAttempts: 5, initialBackoffMs: 10, maxBackoffMs: 20 },
    channelOptions: { interceptors: [dropAnswers] },
    // Where a test is not about the budget, one that a loaded machine does not run out of.
    deadlineMs: 30_000,
    ...options,
  });

beforeAll(async () => {
  mesh = await ephemeralMesh();
  catalogue = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    verifier: mesh.verifier("catalogue"),
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: unaryHandlers<CatalogueServiceHandlers>(
          "catalogue",
          {
            async CreateInstance() {
              invocations.create++;
              return instance;
            },
            async GetInstance(request, ctx) {
              invocations.get++;
              if (request.id === "downstream") downstreamSeen = { deadline: ctx.deadline, at: Date.now() };
              if (request.id === "missing") throw new NotFoundError("Instance");
              // The first two answer at once (so a loaded machine still sees a retry), later ones take 300 ms.
              if (request.id === "slow" && invocations.get > 2)
                await new Promise((resolve) => setTimeout(resolve, 300));
              // The first call stalls past any deadline (a replica starved of CPU); later ones answer.
              if (request.id === "stall-once" && invocations.get === 1)
                await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
              if (request.id === "hang") {
                await new Promise<void>((resolve) => {
                  const timer = setTimeout(resolve, 5_000);
                  ctx.signal.addEventListener("abort", () => {
                    cancelledSeen = true;
                    clearTimeout(timer);
                    resolve();
                  });
                });
              }
              return instance;
            },
            async ListInstances() {
              return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
            },
          },
          logger,
        ),
      },
    },
  });
  // A service in front of the catalogue (as publishing is in front of assets), whose own budget (60 s) is
  // longer than its callers': only the budget passed down keeps its calls within theirs.
  const downstream = createUnaryClient(proto.CatalogueService, `127.0.0.1:${catalogue.port}`, {
    upstream: "catalogue",
    identity: mesh.signer("publishing"),
    logger,
    deadlineMs: 60_000,
  });
  relayToCatalogue = downstream;
  relay = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    verifier: mesh.verifier("publishing"),
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: unaryHandlers<CatalogueServiceHandlers>(
          "publishing",
          {
            // The call site passes no deadline: the budget comes from the call being served.
            GetInstance: async (_request, ctx) => {
              relaySeen = { deadline: ctx.deadline, at: Date.now() };
              return downstream.call(
                "getInstance",
                { id: "downstream" },
                { principal: ctx.principal, requestId: ctx.requestId },
              );
            },
            CreateInstance: async () => instance,
            ListInstances: async () => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }),
          },
          logger,
        ),
      },
    },
  });
});

afterAll(async () => {
  relayToCatalogue?.close();
  await relay?.shutdown(500);
  await catalogue?.shutdown(500);
  metrics.disable();
});

beforeEach(() => {
  invocations.create = 0;
  invocations.get = 0;
  attemptDeadlines.length = 0;
  failures.left = 0;
});

const ctx = { principal, requestId: "r" };

describe("retries", () => {
  it("never retries a non-idempotent call, even when its answer was lost in transport", async () => {
    const c = clientOf(catalogue.port);
    failures.left = 1;
    await expect(c.call("createInstance", { name: "x" }, ctx)).rejects.toMatchObject({
      code: "upstream-unavailable",
    });
    expect(invocations.create).toBe(1);
    c.close();
  });

  it("retries an idempotent call after a transport failure", async () => {
    const c = clientOf(catalogue.port);
    failures.left = 2;
    await expect(c.call("getInstance", { id: "x" }, ctx)).resolves.toMatchObject({ id: instance.id });
    expect(invocations.get).toBe(3);
    c.close();
  });

  it("gives every attempt the one deadline of the call, and stops when it is spent", async () => {
    const c = clientOf(catalogue.port, {
      retry: { maxAttempts: 100, initialBackoffMs: 5, maxBackoffMs: 10, firstAttemptShare: 1 },
    });
    failures.left = 100;
    const budget = 6_000;
    const before = Date.now();
    const pending = c.call("getInstance", { id: "slow" }, ctx, { deadlineMs: budget });
    const after = Date.now();
    await expect(pending).rejects.toMatchObject({ code: "upstream-unavailable" });
    // The call's deadline is set when it starts, and every attempt is given that one deadline.
    const [first, ...rest] = attemptDeadlines;
    expect(first).toBeGreaterThanOrEqual(before + budget);
    expect(first).toBeLessThanOrEqual(after + budget);
    expect(rest.length).toBeGreaterThanOrEqual(1);
    for (const deadline of rest) expect(deadline).toBe(first);
    // After the first two, each attempt takes >= 300 ms on the server, so at most 2 + 20 fit in the
    // budget, however slow the machine; a hundred attempts with fresh budgets would all run.
    expect(invocations.get).toBeLessThanOrEqual(2 + Math.floor(budget / 300));
    c.close();
  });
});

describe("a stalled first attempt", () => {
  it("of an idempotent call ends at its share of the budget, and the next attempt answers", async () => {
    const share = 0.1;
    const c = clientOf(catalogue.port, {
      retry: { maxAttempts: 5, initialBackoffMs: 10, maxBackoffMs: 20, firstAttemptShare: share },
    });
    // Most of the budget is left to the second attempt, so it answers in time on a loaded machine too.
    const budget = 10_000;
    const before = Date.now();
    const pending = c.call("getInstance", { id: "stall-once" }, ctx, { deadlineMs: budget });
    const after = Date.now();
    await expect(pending).resolves.toMatchObject({ id: instance.id });
    expect(invocations.get).toBe(2);
    // The first attempt was given its share of the budget, the second what is left of it.
    const [first, second] = attemptDeadlines;
    expect(attemptDeadlines).toHaveLength(2);
    expect(first).toBeGreaterThanOrEqual(before + budget * share - 1);
    expect(first).toBeLessThanOrEqual(after + budget * share + 1);
    expect(second).toBeGreaterThanOrEqual(before + budget);
    expect(second).toBeLessThanOrEqual(after + budget);
    // The stalled attempt really ran until its own deadline.
    expect(Date.now()).toBeGreaterThanOrEqual(first! - 50);
    c.close();
  });

  it("of a call that is not idempotent keeps the whole budget and is not repeated", async () => {
    const c = clientOf(catalogue.port, { idempotent: [] });
    const started = Date.now();
    // Long enough for the one attempt to reach the server on a loaded machine.
    const budget = 3_000;
    await expect(
      c.call("getInstance", { id: "stall-once" }, ctx, { deadlineMs: budget }),
    ).rejects.toMatchObject({ code: "upstream-unavailable" });
    expect(invocations.get).toBe(1);
    expect(attemptDeadlines).toEqual([expect.any(Number)]);
    expect(attemptDeadlines[0]! - started).toBeGreaterThanOrEqual(budget);
    expect(Date.now() - started).toBeGreaterThanOrEqual(budget - 50);
    c.close();
  });
});

describe("deadlines and cancellation across hops", () => {
  it("passes the caller's remaining budget to the downstream handler", async () => {
    const c = createUnaryClient(proto.CatalogueService, `127.0.0.1:${relay.port}`, {
      upstream: "publishing",
      identity: mesh.gateway,
      logger,
    });
    relaySeen = undefined;
    downstreamSeen = undefined;
    // Within the relay's own default (5 s) and the catalogue client's (60 s), long enough for a loaded machine.
    const budget = 4_000;
    await c.call("getInstance", { id: "x" }, ctx, { deadlineMs: budget });
    // Deadlines travel as a relative timeout, which each hop sends as what is left of its deadline at that
    // moment and each server adds to its own arrival time. So, whatever the hops' delays: the relay has at
    // most `budget` left when its handler starts, and the catalogue at most what the relay had left. Its
    // own default (60 s) in place of the remaining budget would leave the catalogue more than the relay.
    const left = (seen: BudgetSeen | undefined) => {
      expect(seen?.deadline).toBeDefined();
      return seen!.deadline! - seen!.at;
    };
    const relayLeft = left(relaySeen);
    expect(relayLeft).toBeLessThanOrEqual(budget);
    expect(left(downstreamSeen)).toBeLessThanOrEqual(relayLeft);
    c.close();
  });

  it("cancels the server's work when the client aborts", async () => {
    const c = clientOf(catalogue.port);
    cancelledSeen = false;
    const controller = new AbortController();
    const pending = c.call("getInstance", { id: "hang" }, { ...ctx, signal: controller.signal });
    await waitFor(() => invocations.get > 0 || undefined, { what: "the call to reach the server" });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "upstream-unavailable" });
    await waitFor(() => cancelledSeen || undefined, { what: "the handler's signal to abort" });
    expect(invocations.get).toBe(1);
    c.close();
  });

  it("cancels the server's work when the caller's cancel scope cancels, and a call started after at once", async () => {
    const c = clientOf(catalogue.port);
    cancelledSeen = false;
    const watched = new Set<Cancellable>();
    const scope = {
      cancelled: false,
      watch: (call: Cancellable) => void watched.add(call),
      unwatch: (call: Cancellable) => void watched.delete(call),
    };
    const before = invocations.get;
    const pending = c.call("getInstance", { id: "hang" }, { ...ctx, cancelScope: scope });
    await waitFor(() => invocations.get > before || undefined, { what: "the call to reach the server" });
    expect(watched.size).toBe(1);
    scope.cancelled = true;
    for (const call of watched) call.cancel();
    await expect(pending).rejects.toMatchObject({ code: "upstream-unavailable" });
    await waitFor(() => cancelledSeen || undefined, { what: "the handler's signal to abort" });
    expect(watched.size).toBe(0);
    await expect(c.call("getInstance", { id: "x" }, { ...ctx, cancelScope: scope })).rejects.toMatchObject({
      code: "upstream-unavailable",
    });
    expect(watched.size).toBe(0);
    c.close();
  });
});

describe("metrics", () => {
  it("counts calls, errors by code, retries and durations per method", async () => {
    const c = clientOf(catalogue.port);
    failures.left = 1;
    await c.call("getInstance", { id: "x" }, ctx);
    await expect(c.call("getInstance", { id: "missing" }, ctx)).rejects.toMatchObject({ code: "not-found" });
    await reader.forceFlush();
    const all = exporter.getMetrics().flatMap((m) => m.scopeMetrics.flatMap((s) => s.metrics));
    const points = (name: string) =>
      all.filter((m) => m.descriptor.name === name).flatMap((m) => m.dataPoints as { attributes: object }[]);
    const serverCalls = points("rpc.server.calls");
    expect(serverCalls).toContainEqual(
      expect.objectContaining({
        attributes: expect.objectContaining({
          "rpc.service": "catalogue",
          "rpc.method": "GetInstance",
          "rpc.grpc.status_code": "OK",
        }),
      }),
    );
    expect(points("rpc.server.errors")).toContainEqual(
      expect.objectContaining({
        attributes: expect.objectContaining({ "rpc.method": "GetInstance", "error.type": "not-found" }),
      }),
    );
    expect(points("rpc.server.call.duration").length).toBeGreaterThan(0);
    expect(points("rpc.client.retries")).toContainEqual(
      expect.objectContaining({ attributes: expect.objectContaining({ "rpc.method": "getInstance" }) }),
    );
    expect(points("rpc.client.calls").length).toBeGreaterThan(0);
    c.close();
  });
});
