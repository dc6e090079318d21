import {
  type InstallStatusChangedV1,
  installStatusChangedV1,
  itemReleaseAddedV1,
  type PaymentUpdatedV1,
  paymentUpdatedV1,
} from "@mp/contracts";
import { ConflictError } from "@mp/errors";
import type { GrpcServer } from "@mp/grpc";
import type { RunningService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP, boardName, org, otherProvider, provider, SENSOR, TRACKER } from "./testing/fixtures";
import { type FakeDevice, startIotAdapterDouble } from "./testing/iot-adapter-double";
import { as, publishEvent, purchasesClient, startPurchases } from "./testing/purchases-service";
import { announceListedItem, ensureStreams, paymentUpdated } from "./testing/upstream-events";

/**
 * Devices, releases and installs in purchases, with real PostgreSQL and NATS and an iot-adapter double over
 * real gRPC that plays the platform: devices of two organisations on two boards, and QueueInstall recording
 * every call (idempotent per install id, as the adapter is).
 */
const instanceId = uuidv7();

const DEVICES = new Map<string, FakeDevice>([
  ["aaaa000000000001", { organisationId: provider.organisationId, boardId: TRACKER }],
  [
    "aaaa000000000002",
    {
      organisationId: provider.organisationId,
      boardId: TRACKER,
      application: { applicationId: APP, version: "1.1.0+00000004" },
    },
  ],
  ["aaaa000000000003", { organisationId: provider.organisationId, boardId: SENSOR }],
  ["bbbb000000000001", { organisationId: otherProvider.organisationId, boardId: TRACKER }],
]);
const [D1, D2, D3, OTHER] = [...DEVICES.keys()] as [string, string, string, string];
/** QueueInstall calls the double received, and the rpc id it gave each install. */
const queueCalls: { installId: string; deviceId: string; releaseId: string }[] = [];
const rpcOf = new Map<string, string>();
let refuseNext = false;

/** QueueInstall as the platform plays it here: idempotent per install id, refusing once when told to. */
async function queueInstall(req: { installId: string; deviceId: string; releaseId: string }) {
  queueCalls.push({ installId: req.installId, deviceId: req.deviceId, releaseId: req.releaseId });
  if (refuseNext) {
    refuseNext = false;
    throw new ConflictError("invalid-state", "another update is pending");
  }
  const rpcId = rpcOf.get(req.installId) ?? uuidv7();
  rpcOf.set(req.installId, rpcId);
  return { installId: req.installId, rpcId, status: "queued", queuedAt: new Date().toISOString() };
}

let infra: TestInfra;
let mesh: TestMesh;
let iotAdapter: GrpcServer;
let svc: RunningService;
let c: ReturnType<typeof client>;
const client = () => purchasesClient(svc, mesh);
const publish = (type: string, data: unknown) => publishEvent(svc, type, data);
const rowOf = async (sql: string, params: unknown[]) => (await svc.pool.query(sql, params)).rows[0];
const waitRow = (sql: string, params: unknown[], what: string) =>
  waitFor(() => rowOf(sql, params), { what, timeoutMs: 15_000 });

/** An item with releases (version -> boards), listed by the provider, known to purchases. */
async function knownItem(releases: Record<string, string[]>) {
  const itemId = uuidv7();
  const listingId = uuidv7();
  await announceListedItem(publish, {
    itemId,
    listingId,
    marketplaceInstanceId: instanceId,
    latestVersion: "1.2.0+00000009",
  });
  let n = 0;
  for (const [releaseVersion, boards] of Object.entries(releases))
    for (const board of boards) {
      const itemReleaseId = uuidv7();
      await publish(itemReleaseAddedV1.type, {
        itemReleaseId,
        itemId,
        organisationId: org(0xd1),
        marketplaceInstanceId: instanceId,
        infuseIotApplicationId: APP,
        infuseIotReleaseId: `rel-${releaseVersion}-${board.slice(-2)}`,
        releaseVersion,
        board: { id: board, name: boardName(board), target: "t" },
        sizeBytes: 100,
        status: "preparing",
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, ++n)).toISOString(),
        version: 1,
      });
      await waitRow("SELECT 1 FROM known_releases WHERE id = $1", [itemReleaseId], "the release");
    }
  await waitRow("SELECT 1 FROM known_listings WHERE id = $1", [listingId], "the listing");
  await waitRow("SELECT 1 FROM known_items WHERE id = $1", [itemId], "the item");
  return { itemId, listingId };
}

const payment = (pi: string, version: number, fields: Partial<PaymentUpdatedV1>) =>
  paymentUpdated(pi, version, { deviceId: D1, ...fields });

/** A completed purchase of the listing for the device; resolves to its payment intent. */
async function buy(listingId: string, deviceId: string): Promise<string> {
  const pi = `pi_${uuidv7()}`;
  await publish(paymentUpdatedV1.type, payment(pi, 1, { listingId, deviceId }));
  await waitRow("SELECT 1 FROM purchases WHERE payment_reference = $1", [pi], "the purchase");
  return pi;
}

async function statusChanged(
  data: Omit<InstallStatusChangedV1, "organisationId" | "releaseId" | "changedAt"> & { at: number },
) {
  const { at, ...rest } = data;
  await publish(installStatusChangedV1.type, {
    ...rest,
    organisationId: provider.organisationId,
    releaseId: "rel",
    changedAt: new Date(Date.UTC(2026, 10, 23, 12, 0, at)).toISOString(),
  });
}

beforeAll(async () => {
  infra = await freshInfra("purchases_installs");
  mesh = await ephemeralMesh();
  iotAdapter = await startIotAdapterDouble({
    mesh,
    devices: DEVICES,
    boardName,
    metadata: { Site: "Rotterdam" },
    queueInstall,
  });
  svc = await startPurchases("purchases", infra, mesh, iotAdapter);
  await ensureStreams(svc.bus, { iot: true });
  c = client();
});

afterAll(async () => {
  c?.close();
  await svc?.stop();
  await iotAdapter?.shutdown(0);
  await infra?.cleanup();
});

const V12 = "1.2.0+00000009";
const V11 = "1.1.0+00000004";
const V13 = "1.3.0+0000000a";

describe("installs (real PostgreSQL and NATS, an iot-adapter double)", () => {
  it("queues one install per in-flight device, item and version, also under concurrent requests", async () => {
    const { itemId, listingId } = await knownItem({ [V12]: [TRACKER, SENSOR] });
    await buy(listingId, D1);
    const request = { deviceId: D1.toUpperCase(), marketplaceItemId: itemId.toUpperCase(), version: V12 };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => c.call("install", request, as(provider))),
    );
    const installIds = new Set(answers.map((a) => a.installId));
    expect(installIds.size).toBe(1);
    const [installId] = [...installIds] as [string];
    expect(new Set(answers.map((a) => a.rpcId))).toEqual(new Set([rpcOf.get(installId)]));
    expect(answers[0]).toMatchObject({
      deviceId: D1,
      marketplaceItemId: itemId,
      version: V12,
      status: "queued",
    });
    // The tracker's release, never the sensor's; every call the adapter got was for the same install.
    const calls = queueCalls.filter((q) => q.installId === installId);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(calls.map((q) => q.releaseId))).toEqual(new Set([`rel-${V12}-b1`]));
    expect((await rowOf("SELECT count(*)::int AS n FROM installs WHERE device_id = $1", [D1])).n).toBe(1);
  });

  it("applies status events once each, in version order, whatever order they arrive in", async () => {
    const { itemId, listingId } = await knownItem({ [V12]: [TRACKER] });
    await buy(listingId, D1);
    const install = await c.call(
      "install",
      { deviceId: D1, marketplaceItemId: itemId, version: V12 },
      as(provider),
    );
    const base = { installId: install.installId, rpcId: install.rpcId, deviceId: D1, detail: null };
    await statusChanged({ ...base, status: "succeeded", attemptCount: 1, version: 3, at: 3 });
    await statusChanged({ ...base, status: "sent", attemptCount: 1, version: 2, at: 2 });
    await statusChanged({ ...base, status: "queued", attemptCount: 1, version: 1, at: 1 });
    await statusChanged({ ...base, status: "succeeded", attemptCount: 1, version: 3, at: 3 });
    const rpc = await waitFor(
      async () => {
        const r = await c.call("getInstallRpc", { rpcId: install.rpcId }, as(provider));
        return r.history.length === 3 ? r : undefined;
      },
      { what: "three history steps", timeoutMs: 15_000 },
    );
    expect(rpc).toMatchObject({
      rpcId: install.rpcId,
      installId: install.installId,
      status: "succeeded",
      attemptCount: 1,
      deviceId: D1,
      marketplaceItemId: itemId,
      version: V12,
    });
    expect(rpc.history.map((h) => h.status)).toEqual(["queued", "sent", "succeeded"]);
    await expect(c.call("getInstallRpc", { rpcId: install.rpcId }, as(otherProvider))).rejects.toMatchObject({
      code: "not-found",
    });
    // Settled: a new install of the same version is a new one.
    const next = await c.call(
      "install",
      { deviceId: D1, marketplaceItemId: itemId, version: V12 },
      as(provider),
    );
    expect(next.installId).not.toBe(install.installId);
  });

  it("a failed install keeps the platform's detail", async () => {
    const { itemId, listingId } = await knownItem({ [V12]: [TRACKER] });
    await buy(listingId, D1);
    const install = await c.call(
      "install",
      { deviceId: D1, marketplaceItemId: itemId, version: V12 },
      as(provider),
    );
    await statusChanged({
      installId: install.installId,
      rpcId: install.rpcId,
      deviceId: D1,
      status: "failed",
      detail: "dfu failed (-5)",
      attemptCount: 2,
      version: 2,
      at: 5,
    });
    const rpc = await waitFor(
      async () => {
        const r = await c.call("getInstallRpc", { rpcId: install.rpcId }, as(provider));
        return r.status === "failed" ? r : undefined;
      },
      { what: "the failure", timeoutMs: 15_000 },
    );
    expect(rpc).toMatchObject({ detail: "dfu failed (-5)", attemptCount: 2 });
  });

  it("refuses with 409 a purchase not completed and a version for other boards; 404 otherwise", async () => {
    const { itemId, listingId } = await knownItem({ [V12]: [TRACKER], [V11]: [SENSOR] });
    const pi = await buy(listingId, D1);
    const install = (version: string, principal = provider, deviceId = D1, item = itemId) =>
      c.call("install", { deviceId, marketplaceItemId: item, version }, as(principal));
    await expect(install(V11)).rejects.toMatchObject({ code: "release-incompatible" });
    await expect(install(V13)).rejects.toMatchObject({ code: "not-found" });
    await expect(install(V12, provider, D2)).rejects.toMatchObject({ code: "not-found" });
    await expect(install(V12, provider, D1, uuidv7())).rejects.toMatchObject({ code: "not-found" });
    await expect(install(V12, otherProvider, D1)).rejects.toMatchObject({ code: "not-found" });
    await expect(install(V12, provider, "xyz")).rejects.toMatchObject({ code: "validation-failed" });
    await publish(
      paymentUpdatedV1.type,
      payment(pi, 2, {
        kind: "refunded",
        amountRefunded: { amount: 500, currency: "EUR" },
        refund: "partial",
      }),
    );
    await waitRow(
      "SELECT 1 FROM purchases WHERE payment_reference = $1 AND status = 'partially_refunded'",
      [pi],
      "refund",
    );
    await expect(install(V12)).rejects.toMatchObject({ code: "purchase-not-active" });
  });

  it("refuses with 409 purchase-not-active a purchase held because its payment did not match the price", async () => {
    const { itemId, listingId } = await knownItem({ [V12]: [TRACKER] });
    const pi = `pi_${uuidv7()}`;
    await publish(
      paymentUpdatedV1.type,
      payment(pi, 1, { listingId, deviceId: D1, amount: { amount: 1999, currency: "EUR" } }),
    );
    await waitRow(
      "SELECT 1 FROM purchases WHERE payment_reference = $1 AND status = 'held'",
      [pi],
      "the held purchase",
    );
    const request = { deviceId: D1, marketplaceItemId: itemId, version: V12 };
    await expect(c.call("install", request, as(provider))).rejects.toMatchObject({
      code: "purchase-not-active",
    });
    expect(
      (await rowOf("SELECT count(*)::int AS n FROM installs WHERE marketplace_item_id = $1", [itemId])).n,
    ).toBe(0);
  });

  it("a platform refusal fails the install and answers invalid-state; the next request queues anew", async () => {
    const { itemId, listingId } = await knownItem({ [V12]: [TRACKER] });
    await buy(listingId, D1);
    const request = { deviceId: D1, marketplaceItemId: itemId, version: V12 };
    refuseNext = true;
    await expect(c.call("install", request, as(provider))).rejects.toMatchObject({ code: "invalid-state" });
    const retried = await c.call("install", request, as(provider));
    expect(retried.status).toBe("queued");
    expect(retried.rpcId).toBeTruthy();
  });

  it("lists releases with their compatibility with the device", async () => {
    const { itemId, listingId } = await knownItem({ [V11]: [TRACKER], [V12]: [TRACKER, SENSOR] });
    await buy(listingId, D2);
    const page = await c.call(
      "listPurchaseReleases",
      {
        deviceId: D2,
        marketplaceItemId: itemId,
        page: 1,
        pageSize: 10,
        orderBy: "createdAt",
        direction: "asc",
      },
      as(provider),
    );
    expect(page.totalCount).toBe(3);
    expect(page.items.map((r) => [r.version, r.board?.id, r.compatibility, r.reason])).toEqual([
      [V11, TRACKER, "installed", ""],
      [V12, TRACKER, "compatible", ""],
      [V12, SENSOR, "incompatible", "board-mismatch"],
    ]);
    expect(page.items[0]?.releaseId).toBe(`rel-${V11}-b1`);
    await expect(
      c.call(
        "listPurchaseReleases",
        { deviceId: D3, marketplaceItemId: itemId, page: 1, pageSize: 10, orderBy: "", direction: "" },
        as(provider),
      ),
    ).rejects.toMatchObject({ code: "not-found" });
  });

  it("lists devices with purchase counts, details only for purchased devices, installs in the activity feed", async () => {
    const { itemId, listingId } = await knownItem({ [V12]: [SENSOR] });
    await buy(listingId, D3);
    await buy(listingId, D3);
    const devices = await c.call("listDevices", { limit: 10, offset: 0 }, as(provider));
    expect(devices.items.map((d) => d.deviceId)).toEqual([D1, D2, D3]);
    expect(devices.items.find((d) => d.deviceId === D3)?.purchaseCount).toBe(2);
    expect(devices).toMatchObject({ limit: 10, offset: 0, hasMore: false });
    const install = await c.call(
      "install",
      { deviceId: D3, marketplaceItemId: itemId, version: V12 },
      as(provider),
    );
    const details = await c.call("getDeviceDetails", { deviceId: D3 }, as(provider));
    expect(details).toMatchObject({ deviceId: D3, lastRoute: "udp", board: { id: SENSOR } });
    expect(details.purchases).toHaveLength(2);
    expect(details.installs.map((i) => i.installId)).toEqual([install.installId]);
    await expect(c.call("getDeviceDetails", { deviceId: OTHER }, as(otherProvider))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(c.call("getDeviceDetails", { deviceId: D3 }, as(otherProvider))).rejects.toMatchObject({
      code: "not-found",
    });
    const activity = await c.call(
      "listPurchaseActivity",
      { startUtc: "", endUtc: "", limit: 500 },
      as(provider),
    );
    const entry = activity.items.find((e) => e.kind === "install" && e.deviceId === D3);
    expect(entry).toMatchObject({ marketplaceItemId: itemId });
    expect(entry?.amount).toBeFalsy();
  });
});
