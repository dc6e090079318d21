import type { Bus } from "@mp/bus";
import type { AssetsProto, IotAdapterProto, PublishingProto } from "@mp/contracts";
import type { Asset } from "@mp/contracts/generated/marketplace/assets/v1/Asset";
import type { AssetsServiceHandlers } from "@mp/contracts/generated/marketplace/assets/v1/AssetsService";
import type { IotAdapterServiceHandlers } from "@mp/contracts/generated/marketplace/iotadapter/v1/IotAdapterService";
import { AppError, NotFoundError } from "@mp/errors";
import {
  createUnaryClient,
  type GrpcServer,
  loadProto,
  requirePrincipal,
  startGrpcServer,
  unaryHandlers,
} from "@mp/grpc";
import { testLogger } from "@mp/logger";
import type { RunningService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishingService } from "./module";
import { callerOf, INSTANCE, ORG_A, ORG_B, startPublishing } from "./testing/fixture";

const A = callerOf(ORG_A, "r-items");
const B = callerOf(ORG_B, "r-items");

const APPS = [1, 2, 3, 4].map((id) => ({
  applicationId: id,
  organisationId: ORG_A,
  name: `Thermostat ${id}`,
  description: `Keeps room ${id} warm`,
  createdAt: "2026-10-01T00:00:00.000Z",
}));

const assetId = (n: number) => `0193a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
/** ORG_A's assets as the assets double knows them; ids are numbered so tests can name them. */
const ASSETS = new Map<string, Asset & { organisationId: string }>();
const asset = (n: number, assetType: string, status = "ready", organisationId = ORG_A) =>
  ASSETS.set(assetId(n), {
    id: assetId(n),
    organisationId,
    assetType,
    mimeType: "image/png",
    fileName: `${n}.png`,
    sizeBytes: "1000",
    width: assetType === "icon" ? 256 : 800,
    height: assetType === "icon" ? 256 : 600,
    status,
    url: status === "ready" ? `https://s3.test/${n}.png?sig=1` : "",
    createdAt: "2026-11-01T00:00:00.000Z",
  });

const unimplemented = async (): Promise<never> => {
  throw new AppError("internal", "not part of this test double");
};

/** Test doubles of the iot-adapter and assets services over real gRPC, implementing their real protos. */
async function startDoubles(): Promise<{ iot: GrpcServer; assets: GrpcServer }> {
  const iot = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace.iotadapter
    .v1;
  const assets = loadProto<AssetsProto>("marketplace/assets/v1/assets.proto").marketplace.assets.v1;
  const logger = testLogger("doubles");
  const mine = (organisationId: string) => (id: string) => {
    const found = ASSETS.get(id);
    return found && found.organisationId === organisationId ? found : undefined;
  };
  const iotAdapter = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    verifier: mesh.verifier("iot-adapter"),
    services: {
      "marketplace.iotadapter.v1.IotAdapterService": {
        definition: iot.IotAdapterService.service,
        implementation: unaryHandlers<IotAdapterServiceHandlers>(
          "iot-adapter",
          {
            GetApplication: async (req, ctx) => {
              const p = requirePrincipal(ctx);
              const app = APPS.find((a) => a.applicationId === req.applicationId);
              if (!app || p.organisationId !== ORG_A) throw new NotFoundError("Application");
              return app;
            },
            ListApplications: unimplemented,
            ListReleases: unimplemented,
            GetRelease: unimplemented,
            CopyReleaseBinary: unimplemented,
            GetDeviceOwner: unimplemented,
            ListDevices: unimplemented,
            GetDevice: unimplemented,
            QueueInstall: unimplemented,
          },
          logger,
        ),
      },
    },
  });
  const assetsServer = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    verifier: mesh.verifier("assets"),
    services: {
      "marketplace.assets.v1.AssetsService": {
        definition: assets.AssetsService.service,
        implementation: unaryHandlers<AssetsServiceHandlers>(
          "assets",
          {
            GetAsset: async (req, ctx) => {
              const found = mine(requirePrincipal(ctx).organisationId)(req.assetId);
              if (!found) throw new NotFoundError("Asset");
              return found;
            },
            GetAssets: async (req, ctx) => ({
              items: req.assetIds.flatMap((id) => mine(requirePrincipal(ctx).organisationId)(id) ?? []),
            }),
            CreateUploadSession: unimplemented,
            FinaliseAsset: unimplemented,
          },
          logger,
        ),
      },
    },
  });
  return { iot: iotAdapter, assets: assetsServer };
}

let infra: TestInfra;
let mesh: TestMesh;
let doubles: { iot: GrpcServer; assets: GrpcServer };
let publishing: RunningService;
let bus: Bus;
let stopPublishing: () => Promise<void>;

const proto = loadProto<PublishingProto>("marketplace/publishing/v1/publishing.proto").marketplace.publishing
  .v1;
const client = () =>
  createUnaryClient(proto.PublishingService, `127.0.0.1:${publishing.grpcPort}`, {
    upstream: "publishing",
    identity: mesh.gateway,
  });
let c: ReturnType<typeof client>;

async function eventCount(type: string): Promise<number> {
  const subject = bus.subject(type);
  const info = await bus.jsm.streams.info(bus.streamName("PUBLISHING"), { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}

async function lastEvent(type: string) {
  const message = await bus.jsm.streams.getMessage(bus.streamName("PUBLISHING"), {
    last_by_subj: bus.subject(type),
  });
  if (!message) throw new Error(`no ${type} on the stream`);
  return message.json<{ type: string; data: Record<string, unknown> }>();
}

async function insertRelease(itemId: string, version: string, status: "available" | "preparing" | "failed") {
  const available = status === "available";
  await publishing.pool.query(
    `INSERT INTO item_releases (id, item_id, organisation_id, infuse_iot_application_id, infuse_iot_release_id,
       version, version_key, board_id, board_name, board_target, size_bytes, crc32, sha256, object_key, status,
       failure_reason, copy_next_attempt_at, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, $2, 1, $3, $3, $3, 'b', 'Board', 't', 10, 1, $4, $5, $6, $7, now(), now(), now())`,
    [
      itemId,
      ORG_A,
      version,
      available ? "a".repeat(64) : null,
      available ? "k" : null,
      status,
      status === "failed" ? "checksum-mismatch" : null,
    ],
  );
}

const insertAvailableRelease = (itemId: string, version: string) =>
  insertRelease(itemId, version, "available");

beforeAll(async () => {
  infra = await freshInfra("publishing_items");
  mesh = await ephemeralMesh();
  doubles = await startDoubles();
  ({
    publishing,
    bus,
    stop: stopPublishing,
  } = await startPublishing(infra, {
    mesh,
    iotAdapter: `127.0.0.1:${doubles.iot.port}`,
    assets: `127.0.0.1:${doubles.assets.port}`,
    instances: [INSTANCE],
    env: { RELEASE_COPY_RETRY_INTERVAL_MS: "600000" },
  }));
  c = client();
});

afterAll(async () => {
  c?.close();
  await stopPublishing?.();
  await Promise.all([doubles?.iot.shutdown(), doubles?.assets.shutdown()]);
  await infra?.cleanup();
});

describe("developer items over gRPC (real PostgreSQL, NATS and gRPC doubles)", () => {
  it("creates an item from an application, once per instance, also under concurrent requests", async () => {
    const item = await c.call(
      "createItem",
      { applicationId: 1, marketplaceInstanceId: INSTANCE.toUpperCase(), type: "" },
      A,
    );
    expect(item).toMatchObject({
      type: "app",
      organisationId: ORG_A,
      marketplaceInstanceId: INSTANCE,
      infuseIotApplicationId: 1,
      status: "draft",
      metadata: { displayName: "Thermostat 1", description: "Keeps room 1 warm" },
      icon: null,
      images: [],
      basePrice: null,
      releaseCount: 0,
      readiness: { ready: false, unmet: ["basePrice", "release"] },
    });
    expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(item.publishedAt).toBeUndefined();
    expect(item.latestVersion).toBeUndefined();

    await expect(
      c.call("createItem", { applicationId: 1, marketplaceInstanceId: INSTANCE, type: "algorithm" }, A),
    ).rejects.toMatchObject({ code: "already-linked" });
    await expect(
      c.call("createItem", { applicationId: 1, marketplaceInstanceId: assetId(999), type: "" }, A),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(
      c.call("createItem", { applicationId: 99, marketplaceInstanceId: INSTANCE, type: "" }, A),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(
      c.call("createItem", { applicationId: 2, marketplaceInstanceId: INSTANCE, type: "widget" }, A),
    ).rejects.toMatchObject({ code: "validation-failed" });

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        c.call("createItem", { applicationId: 2, marketplaceInstanceId: INSTANCE, type: "algorithm" }, A),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected.map((r) => (r.reason as AppError).code)).toEqual(Array(9).fill("already-linked"));

    await waitFor(async () => ((await eventCount("publishing.item.created.v1")) === 2 ? true : undefined), {
      what: "two created events",
    });
    const event = await lastEvent("publishing.item.created.v1");
    expect(event.data).toMatchObject({ infuseIotApplicationId: 2, type: "algorithm", status: "draft" });
  });

  it("lists and reads only the caller's items, with filters, search and order", async () => {
    const page = await c.call("listItems", { orderBy: "displayName", direction: "asc" }, A);
    expect(page).toMatchObject({ page: 1, pageSize: 20, totalCount: 2, totalPages: 1 });
    expect(page.items.map((i) => i.metadata?.displayName)).toEqual(["Thermostat 1", "Thermostat 2"]);
    const algorithms = await c.call("listItems", { type: "algorithm", search: "room 2" }, A);
    expect(algorithms.items.map((i) => i.infuseIotApplicationId)).toEqual([2]);
    expect((await c.call("listItems", { search: "nothing like it" }, A)).totalCount).toBe(0);
    expect((await c.call("listItems", {}, B)).totalCount).toBe(0);
    await expect(c.call("listItems", { pageSize: 101 }, A)).rejects.toMatchObject({
      code: "validation-failed",
    });
    await expect(c.call("listItems", { status: "gone" }, A)).rejects.toMatchObject({
      code: "validation-failed",
    });

    const id = page.items[0]!.id;
    expect((await c.call("getItem", { id: id.toUpperCase() }, A)).id).toBe(id);
    await expect(c.call("getItem", { id }, B)).rejects.toMatchObject({ code: "not-found" });
    await expect(c.call("getItem", { id: "nope" }, A)).rejects.toMatchObject({ code: "not-found" });
  });

  it("appends metadata records with partial update semantics and keeps the history", async () => {
    const { id } = await c.call(
      "createItem",
      { applicationId: 3, marketplaceInstanceId: INSTANCE, type: "" },
      A,
    );
    const first = await c.call(
      "appendMetadata",
      { id, displayName: "  Heat  ", licenseUrl: "https://example.com/license", algorithmType: "pid" },
      A,
    );
    expect(first.metadata).toMatchObject({
      displayName: "Heat",
      description: "Keeps room 3 warm",
      licenseUrl: "https://example.com/license",
      algorithmType: "pid",
    });
    const second = await c.call("appendMetadata", { id, clear: ["description", "algorithmType"] }, A);
    expect(second.metadata).toMatchObject({ displayName: "Heat", licenseUrl: "https://example.com/license" });
    expect(second.metadata?.description).toBeUndefined();
    expect(second.metadata?.algorithmType).toBeUndefined();
    await expect(
      c.call("appendMetadata", { id, displayName: " ", eulaUrl: "http://insecure" }, A),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.displayName": expect.any(Array), "body.eulaUrl": expect.any(Array) } },
    });

    const history = await c.call("listMetadata", { id }, A);
    expect(history.totalCount).toBe(3);
    expect(history.items.map((m) => m.displayName)).toEqual(["Heat", "Heat", "Thermostat 3"]);
    const oldest = await c.call("listMetadata", { id, direction: "asc", pageSize: 1 }, A);
    expect(oldest).toMatchObject({ totalCount: 3, totalPages: 3 });
    expect(oldest.items[0]?.displayName).toBe("Thermostat 3");
    await expect(c.call("listMetadata", { id }, B)).rejects.toMatchObject({ code: "not-found" });
    await waitFor(
      async () => ((await eventCount("publishing.item.metadata-updated.v1")) === 2 ? true : undefined),
      { what: "two metadata-updated events" },
    );
    expect((await lastEvent("publishing.item.metadata-updated.v1")).data).toMatchObject({
      itemId: id,
      displayName: "Heat",
      description: null,
    });
  });

  it("sets an icon only from the caller's ready icon assets", async () => {
    const { id } = await c.call(
      "createItem",
      { applicationId: 4, marketplaceInstanceId: INSTANCE, type: "" },
      A,
    );
    asset(1, "icon");
    asset(2, "icon", "pending");
    asset(3, "icon", "rejected");
    asset(4, "image");
    asset(5, "icon", "ready", ORG_B);
    const attempt = (n: number) => c.call("setIcon", { id, assetId: assetId(n) }, A);
    await expect(attempt(2)).rejects.toMatchObject({ code: "asset-not-ready" });
    await expect(attempt(3)).rejects.toMatchObject({ code: "asset-invalid" });
    await expect(attempt(4)).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.assetId": expect.any(Array) } },
    });
    await expect(attempt(5)).rejects.toMatchObject({ code: "not-found" });
    await expect(attempt(404)).rejects.toMatchObject({ code: "not-found" });
    const item = await attempt(1);
    expect(item.icon).toMatchObject({
      id: assetId(1),
      assetType: "icon",
      url: "https://s3.test/1.png?sig=1",
    });
  });

  it("keeps a gallery of at most 8 images in order", async () => {
    const { items } = await c.call("listItems", { search: "Thermostat 4" }, A);
    const id = items[0]!.id;
    for (let n = 10; n < 19; n++) asset(n, "image");
    for (let n = 10; n < 18; n++) await c.call("addImage", { id, assetId: assetId(n) }, A);
    await expect(c.call("addImage", { id, assetId: assetId(18) }, A)).rejects.toMatchObject({
      code: "gallery-full",
    });
    await expect(c.call("addImage", { id, assetId: assetId(10) }, A)).rejects.toMatchObject({
      code: "invalid-state",
    });
    const listed = await c.call("listImages", { id }, A);
    expect(listed.items.map((i) => [i.assetId, i.position])).toEqual(
      Array.from({ length: 8 }, (_, i) => [assetId(10 + i), i]),
    );
    expect(listed.items[0]).toMatchObject({ width: 800, height: 600, mimeType: "image/png" });

    const reversed = Array.from({ length: 8 }, (_, i) => assetId(17 - i));
    const ordered = await c.call("orderImages", { id, assetIds: reversed.map((a) => a.toUpperCase()) }, A);
    expect(ordered.items.map((i) => i.assetId)).toEqual(reversed);
    await expect(c.call("orderImages", { id, assetIds: reversed.slice(1) }, A)).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.assetIds": expect.any(Array) } },
    });

    await c.call("removeImage", { id, assetId: assetId(15) }, A);
    const after = await c.call("listImages", { id }, A);
    expect(after.items.map((i) => i.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(after.items.map((i) => i.assetId)).not.toContain(assetId(15));
    await expect(c.call("removeImage", { id, assetId: assetId(15) }, A)).rejects.toMatchObject({
      code: "not-found",
    });
    expect((await c.call("getItem", { id }, A)).images).toHaveLength(7);
    await expect(c.call("listImages", { id }, B)).rejects.toMatchObject({ code: "not-found" });
  });

  it("publishes only when ready, once under concurrent requests, then unpublishes, republishes and retires", async () => {
    const { items } = await c.call("listItems", { search: "Heat" }, A);
    const id = items[0]!.id;
    await c.call("appendMetadata", { id, clear: ["displayName"] }, A);
    await expect(c.call("publishItem", { id }, A)).rejects.toMatchObject({
      code: "item-not-ready",
      extensions: { unmet: ["displayName", "basePrice", "release"] },
    });

    await expect(
      c.call("setPrice", { id, price: { amount: "100", currency: "USD" } }, A),
    ).rejects.toMatchObject({ code: "validation-failed" });
    const price = await c.call("setPrice", { id, price: { amount: "0", currency: "eur" } }, A);
    expect(price.price).toEqual({ amount: "0", currency: "EUR" });
    await c.call("setPrice", { id, price: { amount: "1999", currency: "EUR" } }, A);
    const prices = await c.call("listPrices", { id }, A);
    expect(prices.items.map((p) => p.price?.amount)).toEqual(["1999", "0"]);
    await waitFor(async () => ((await eventCount("publishing.item.price-set.v1")) === 2 ? true : undefined), {
      what: "two price-set events",
    });
    expect((await lastEvent("publishing.item.price-set.v1")).data).toMatchObject({
      itemId: id,
      basePrice: { amount: 1999, currency: "EUR" },
    });

    await c.call("appendMetadata", { id, displayName: "Heat" }, A);
    await expect(c.call("publishItem", { id }, A)).rejects.toMatchObject({
      code: "item-not-ready",
      extensions: { unmet: ["release"] },
    });
    // Only an available release counts: one still preparing (or failed) leaves the item unready.
    await insertRelease(id, "0.9.0+00000001", "preparing");
    await insertRelease(id, "0.8.0+00000001", "failed");
    await expect(c.call("publishItem", { id }, A)).rejects.toMatchObject({
      code: "item-not-ready",
      extensions: { unmet: ["release"] },
    });
    await insertAvailableRelease(id, "1.0.0+00000001");
    await insertAvailableRelease(id, "1.1.0+00000002");

    await expect(c.call("publishItem", { id }, B)).rejects.toMatchObject({ code: "not-found" });
    const [one, two] = await Promise.all([
      c.call("publishItem", { id }, A),
      c.call("publishItem", { id }, A),
    ]);
    expect(one.status).toBe("published");
    expect(two).toEqual(one);
    expect(one).toMatchObject({
      releaseCount: 3,
      latestVersion: "1.1.0+00000002",
      readiness: { ready: true },
    });
    expect(one.basePrice).toEqual({ amount: "1999", currency: "EUR" });
    await waitFor(async () => ((await eventCount("publishing.item.published.v1")) >= 1 ? true : undefined), {
      what: "the published event",
    });
    expect(await eventCount("publishing.item.published.v1")).toBe(1);
    expect((await lastEvent("publishing.item.published.v1")).data).toMatchObject({
      itemId: id,
      status: "published",
      displayName: "Heat",
      latestVersion: "1.1.0+00000002",
      basePrice: { amount: 1999, currency: "EUR" },
    });

    expect((await c.call("unpublishItem", { id }, A)).status).toBe("unpublished");
    await expect(c.call("unpublishItem", { id }, A)).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "unpublished" },
    });
    expect((await c.call("publishItem", { id }, A)).status).toBe("published");
    const retired = await c.call("retireItem", { id }, A);
    expect(retired.status).toBe("retired");
    // Retiring again is idempotent like publish: the same item, and no second event in the outbox.
    expect(await c.call("retireItem", { id }, A)).toEqual(retired);
    const { rows: retiredEvents } = await publishing.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM outbox WHERE event_type = 'publishing.item.retired.v1'",
    );
    expect(Number(retiredEvents[0]?.n)).toBe(1);
    for (const change of [
      () => c.call("publishItem", { id }, A),
      () => c.call("appendMetadata", { id, displayName: "x" }, A),
      () => c.call("setPrice", { id, price: { amount: "1", currency: "EUR" } }, A),
    ]) {
      await expect(change()).rejects.toMatchObject({
        code: "invalid-state",
        extensions: { state: "retired" },
      });
    }
    await waitFor(async () => ((await eventCount("publishing.item.retired.v1")) === 1 ? true : undefined), {
      what: "the retired event",
    });
    expect(await eventCount("publishing.item.unpublished.v1")).toBe(1);
  });

  it("carries the item's aggregate version in every event, +1 per change, and snapshots its current state", async () => {
    const { items } = await c.call("listItems", { search: "Heat" }, A);
    const id = items[0]!.id;
    const { rows } = await publishing.pool.query<{ version: number }>(
      "SELECT version FROM items WHERE id = $1",
      [id],
    );
    const current = rows[0]!.version;
    const ofItem = async () => {
      const name = bus.streamName("PUBLISHING");
      const info = await bus.jsm.streams.info(name);
      const found: Array<{ type: string; data: { itemId?: string; version: number; status: string } }> = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
        const event = (await bus.jsm.streams.getMessage(name, { seq }))?.json<(typeof found)[number]>();
        if (event?.data.itemId === id && !event.type.includes("release")) found.push(event);
      }
      return found;
    };
    const events = await ofItem();
    expect(events.map((e) => e.data.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: current }, (_, i) => i + 1),
    );
    expect(events.find((e) => e.data.version === current)?.data.status).toBe("retired");

    expect(
      await publishingService.snapshot?.({ pool: publishing.pool, logger: testLogger() }),
    ).toBeGreaterThan(0);
    const snapshot = await waitFor(
      async () => (await ofItem()).find((e) => e.type === "publishing.item.snapshot.v1"),
      {
        what: "the item's snapshot on the stream",
      },
    );
    expect(snapshot.data).toMatchObject({
      itemId: id,
      version: current,
      status: "retired",
      displayName: "Heat",
    });
  });
});
