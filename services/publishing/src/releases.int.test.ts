import { type Bus, newEvent } from "@mp/bus";
import {
  type IotAdapterProto,
  type Principal,
  type PublishingReleasesProto,
  type ReleaseCopyFailedV1,
  type ReleaseStoredV1,
  releaseCopyFailedV1,
  releaseStoredV1,
} from "@mp/contracts";
import type { CopyReleaseBinaryRequest__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/CopyReleaseBinaryRequest";
import type { IotAdapterServiceHandlers } from "@mp/contracts/generated/marketplace/iotadapter/v1/IotAdapterService";
import type { Release } from "@mp/contracts/generated/marketplace/iotadapter/v1/Release";
import { NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import {
  createUnaryClient,
  type GrpcServer,
  loadProto,
  requireOrganisation,
  requirePrincipal,
  startGrpcServer,
  unaryHandlers,
} from "@mp/grpc";
import { testLogger } from "@mp/logger";
import type { RunningService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { developer as dev, INSTANCE, INSTANCE_2, ORG_A, ORG_B, startPublishing } from "./testing/fixture";

const board = { id: "b-1", name: "Tracker board", target: "tracker_nrf9160" };
const release = (applicationId: number, releaseId: string, version: string): Release => ({
  releaseId,
  applicationId,
  organisationId: ORG_A,
  version,
  board,
  sizeBytes: 4096,
  crc32: 0xdeadbeef,
  createdAt: "2026-11-01T00:00:00.000Z",
});

/** The IoT platform as ORG_A's developer sees it through the adapter; ORG_B has nothing. */
const APPS = [7, 8, 9].map((id) => ({
  applicationId: id,
  organisationId: ORG_A,
  name: `App ${id}`,
  description: `Application ${id}`,
  createdAt: "2026-10-01T00:00:00.000Z",
}));
const RELEASES: Record<number, Release[]> = {
  7: [
    release(7, "rel-7a", "1.0.0+00000001"),
    release(7, "rel-7b", "1.10.0+00000002"),
    release(7, "rel-7c", "1.9.0+00000003"),
    release(7, "rel-7d", "2.0.0+00000004"),
    release(7, "rel-7e", "2.1.0+00000005"),
  ],
  8: [release(8, "rel-8a", "0.1.0+00000001")],
  9: [],
};

/** A test double of the iot-adapter over real gRPC, implementing its real proto. */
/** Copy requests the double accepted, with who asked: a forwarded user (`actor`) or a service as itself. */
const copyCalls: {
  request: CopyReleaseBinaryRequest__Output;
  organisationId: string;
  actor: string | undefined;
  service: string | undefined;
}[] = [];
let copyFailures = 0;

async function startFakeAdapter(): Promise<GrpcServer> {
  const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace
    .iotadapter.v1;
  const appsOf = (p: Principal) => (p.organisationId === ORG_A ? APPS : []);
  const implementation = unaryHandlers<IotAdapterServiceHandlers>(
    "iot-adapter",
    {
      ListApplications: async (req, ctx) => {
        const apps = appsOf(requirePrincipal(ctx));
        const limit = req.limit || 50;
        return {
          items: apps.slice(req.offset, req.offset + limit),
          hasMore: req.offset + limit < apps.length,
        };
      },
      GetApplication: async (req, ctx) => {
        const app = appsOf(requirePrincipal(ctx)).find((a) => a.applicationId === req.applicationId);
        if (!app) throw new NotFoundError("Application");
        return app;
      },
      ListReleases: async (req, ctx) => {
        if (!appsOf(requirePrincipal(ctx)).some((a) => a.applicationId === req.applicationId))
          throw new NotFoundError("Application");
        const all = RELEASES[req.applicationId] ?? [];
        const limit = req.limit || 50;
        return { items: all.slice(req.offset, req.offset + limit), hasMore: req.offset + limit < all.length };
      },
      GetRelease: async (req, ctx) => {
        requirePrincipal(ctx);
        const found = (RELEASES[req.applicationId] ?? []).find((r) => r.releaseId === req.releaseId);
        if (!found) throw new NotFoundError("Release");
        return found;
      },
      CopyReleaseBinary: async (req, ctx) => {
        const organisationId = requireOrganisation(ctx, { services: ["publishing"] });
        if (copyFailures > 0) {
          copyFailures--;
          throw new UpstreamUnavailableError("object storage is down");
        }
        copyCalls.push({
          request: req,
          organisationId,
          actor: ctx.principal?.actor,
          service: ctx.service?.service,
        });
        return { jobId: "0193a1b2-0000-7000-8000-0000000000f1", status: "queued" };
      },
      GetDeviceOwner: async () => {
        throw new UpstreamUnavailableError("not part of this test double");
      },
      ListDevices: async () => {
        throw new UpstreamUnavailableError("not part of this test double");
      },
      GetDevice: async () => {
        throw new UpstreamUnavailableError("not part of this test double");
      },
      QueueInstall: async () => {
        throw new UpstreamUnavailableError("not part of this test double");
      },
    },
    testLogger("iot-adapter"),
  );
  return startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    verifier: mesh.verifier("iot-adapter"),
    services: {
      "marketplace.iotadapter.v1.IotAdapterService": {
        definition: proto.IotAdapterService.service,
        implementation,
      },
    },
    logger: testLogger("iot-adapter"),
  });
}

let infra: TestInfra;
let mesh: TestMesh;
let adapter: GrpcServer;
let publishing: RunningService;
let bus: Bus;
let stopPublishing: () => Promise<void>;

const releasesProto = loadProto<PublishingReleasesProto>(
  "marketplace/publishing/v1/publishing_releases.proto",
).marketplace.publishing.v1;
const client = () =>
  createUnaryClient(releasesProto.PublishingReleasesService, `127.0.0.1:${publishing.grpcPort}`, {
    upstream: "publishing",
    identity: mesh.gateway,
  });
const as = (p: Principal) => ({ principal: p, requestId: "r-test" });

async function insertItem(
  id: string,
  organisationId: string,
  applicationId: number,
  status = "draft",
  instance = INSTANCE_2,
) {
  await publishing.pool.query(
    `INSERT INTO items (id, organisation_id, marketplace_instance_id, infuse_iot_application_id, type, status,
       created_at, updated_at) VALUES ($1, $2, $3, $4, 'app', $5, now(), now())`,
    [id, organisationId, instance, applicationId, status],
  );
}

async function publishIot<T>(type: string, data: T, id?: string) {
  const event = newEvent(type, "iot-adapter", data);
  const envelope = id ? { ...event, id } : event;
  await bus.js.publish(bus.subject(type), JSON.stringify(envelope), {
    msgID: `${envelope.id}-${Math.random()}`,
  });
  return envelope;
}

const storedData = (correlationId: string, releaseId: string): ReleaseStoredV1 => ({
  jobId: "0193a1b2-0000-7000-8000-0000000000f1",
  correlationId,
  organisationId: ORG_A,
  applicationId: 7,
  releaseId,
  objectKey: `orgs/${ORG_A}/item-releases/${correlationId}.bin`,
  sizeBytes: 4000,
  crc32: 0xdeadbeef,
  sha256: "c".repeat(64),
  storedAt: new Date().toISOString(),
  version: 1,
});

async function statusOf(id: string) {
  const { rows } = await publishing.pool.query<{
    status: string;
    sha256: string | null;
    failure_reason: string | null;
  }>("SELECT status, sha256, failure_reason FROM item_releases WHERE id = $1", [id]);
  return rows[0];
}

beforeAll(async () => {
  infra = await freshInfra("publishing_releases");
  mesh = await ephemeralMesh();
  adapter = await startFakeAdapter();
  ({
    publishing,
    bus,
    stop: stopPublishing,
  } = await startPublishing(infra, {
    mesh,
    iotAdapter: `127.0.0.1:${adapter.port}`,
    instances: [INSTANCE, INSTANCE_2],
    env: { RELEASE_COPY_RETRY_INTERVAL_MS: "100" },
  }));
});

afterAll(async () => {
  await stopPublishing?.();
  await adapter?.shutdown();
  await infra?.cleanup();
});

describe("IoT applications and releases through publishing (real PostgreSQL, NATS and gRPC)", () => {
  it("joins the organisation's applications with its items in the instance", async () => {
    const itemId = "0193a1b2-0000-7000-8000-0000000000c7";
    await insertItem(itemId, ORG_A, 7, "published", INSTANCE);
    const c = client();
    const linked = await c.call(
      "listIotApplications",
      { marketplaceInstanceId: INSTANCE.toUpperCase(), limit: 2 },
      as(dev(ORG_A)),
    );
    expect(linked).toMatchObject({ limit: 2, offset: 0, hasMore: true });
    expect(linked.items[0]).toMatchObject({
      applicationId: 7,
      name: "App 7",
      marketplaceItemId: itemId,
      marketplaceItemStatus: "published",
    });
    expect(linked.items[1]?.applicationId).toBe(8);
    expect(linked.items[1]?.marketplaceItemId).toBeUndefined();

    const unlinked = await c.call("listIotApplications", { offset: 2 }, as(dev(ORG_A)));
    expect(unlinked).toMatchObject({ limit: 50, offset: 2, hasMore: false });
    expect(unlinked.items.map((a) => a.applicationId)).toEqual([9]);
    const noInstance = await c.call("listIotApplications", {}, as(dev(ORG_A)));
    expect(noInstance.items.every((a) => a.marketplaceItemId === undefined)).toBe(true);

    await expect(c.call("listIotApplications", { limit: 101 }, as(dev(ORG_A)))).rejects.toMatchObject({
      code: "validation-failed",
    });
    await expect(
      c.call(
        "listIotApplications",
        {},
        { principal: { ...dev(ORG_A), roles: ["provider"] }, requestId: "r" },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    c.close();
  });

  it("lists an application's releases, and answers not-found for another organisation's application", async () => {
    const c = client();
    const page = await c.call("listIotReleases", { applicationId: 7, limit: 2, offset: 1 }, as(dev(ORG_A)));
    expect(page).toMatchObject({ limit: 2, offset: 1, hasMore: true });
    expect(page.items[0]).toMatchObject({
      releaseId: "rel-7b",
      version: "1.10.0+00000002",
      board,
      sizeBytes: "4096",
    });
    await expect(c.call("listIotReleases", { applicationId: 7 }, as(dev(ORG_B)))).rejects.toMatchObject({
      code: "not-found",
    });
    c.close();
  });
});

describe("item releases", () => {
  const itemId = "0193a1b2-0000-7000-8000-0000000000c8";
  beforeAll(() => insertItem(itemId, ORG_A, 7));

  it("selects a release: preparing, then available once the adapter reports it stored; duplicates count once", async () => {
    const c = client();
    const selected = await c.call(
      "selectItemRelease",
      { id: itemId.toUpperCase(), releaseId: "rel-7a" },
      as(dev(ORG_A)),
    );
    expect(selected).toMatchObject({
      marketplaceItemId: itemId,
      infuseIotReleaseId: "rel-7a",
      version: "1.0.0+00000001",
      board,
      sizeBytes: "4096",
      status: "preparing",
    });
    expect(selected.sha256).toBeUndefined();
    expect(selected.failureReason).toBeUndefined();
    const call = copyCalls.find((x) => x.request.itemReleaseId === selected.id);
    expect(call?.request).toEqual({ applicationId: 7, releaseId: "rel-7a", itemReleaseId: selected.id });
    // The developer's own request: publishing forwards the developer's assertion.
    expect(call).toMatchObject({ organisationId: ORG_A, actor: "publishing", service: undefined });
    const { rows: added } = await publishing.pool.query<{ payload: { data: Record<string, unknown> } }>(
      "SELECT payload FROM outbox WHERE event_type = 'publishing.item.release-added.v1'",
    );
    expect(added.map((e) => e.payload.data)).toContainEqual(
      expect.objectContaining({
        itemReleaseId: selected.id,
        marketplaceInstanceId: INSTANCE_2,
        status: "preparing",
        releaseVersion: "1.0.0+00000001",
        version: 1,
      }),
    );

    const envelope = await publishIot(releaseStoredV1.type, storedData(selected.id, "rel-7a"));
    const available = await waitFor(
      async () => {
        const row = await statusOf(selected.id);
        return row?.status === "available" ? row : undefined;
      },
      { what: "the item release to become available" },
    );
    expect(available.sha256).toBe("c".repeat(64));

    // The same event delivered again (new message id, same event id) and a second report: no second effect.
    await publishIot(releaseStoredV1.type, storedData(selected.id, "rel-7a"), envelope.id);
    await publishIot(releaseStoredV1.type, { ...storedData(selected.id, "rel-7a"), sha256: "d".repeat(64) });
    await waitFor(
      async () => {
        const { rows } = await publishing.pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM inbox WHERE consumer = 'publishing-release-stored'",
        );
        return Number(rows[0]?.n) >= 2 ? true : undefined;
      },
      { what: "the later reports to be handled" },
    );
    expect((await statusOf(selected.id))?.sha256).toBe("c".repeat(64));
    const { rows: events } = await publishing.pool.query<{
      payload: { data: { itemReleaseId: string; sizeBytes: number; version: number } };
    }>("SELECT payload FROM outbox WHERE event_type = 'publishing.item.release-available.v1'");
    expect(events.filter((e) => e.payload.data.itemReleaseId === selected.id)).toHaveLength(1);
    expect(events[0]?.payload.data.sizeBytes).toBe(4000);
    // Its second state: the release's aggregate version went from 1 (added) to 2.
    expect(events[0]?.payload.data.version).toBe(2);

    const listed = await c.call("listItemReleases", { id: itemId }, as(dev(ORG_A)));
    expect(listed).toMatchObject({ page: 1, pageSize: 20, totalCount: 1, totalPages: 1 });
    expect(listed.items[0]).toMatchObject({
      id: selected.id,
      status: "available",
      sha256: "c".repeat(64),
      sizeBytes: "4000",
    });
    c.close();
  });

  it("records a failed copy with its fixed reason code", async () => {
    const c = client();
    const selected = await c.call("selectItemRelease", { id: itemId, releaseId: "rel-7b" }, as(dev(ORG_A)));
    const failed: ReleaseCopyFailedV1 = {
      jobId: "0193a1b2-0000-7000-8000-0000000000f2",
      correlationId: selected.id,
      organisationId: ORG_A,
      applicationId: 7,
      releaseId: "rel-7b",
      reason: "checksum-mismatch",
      failedAt: new Date().toISOString(),
      version: 1,
    };
    await publishIot(releaseCopyFailedV1.type, failed);
    await waitFor(async () => ((await statusOf(selected.id))?.status === "failed" ? true : undefined), {
      what: "the item release to fail",
    });
    const listed = await c.call(
      "listItemReleases",
      { id: itemId, orderBy: "createdAt", direction: "desc" },
      as(dev(ORG_A)),
    );
    expect(listed.items[0]).toMatchObject({
      id: selected.id,
      status: "failed",
      failureReason: "checksum-mismatch",
    });
    c.close();
  });

  it("ignores outcomes for another organisation's item release or an unknown one", async () => {
    const c = client();
    const otherItem = "0193a1b2-0000-7000-8000-0000000000ca";
    await insertItem(otherItem, ORG_A, 8);
    const selected = await c.call(
      "selectItemRelease",
      { id: otherItem, releaseId: "rel-8a" },
      as(dev(ORG_A)),
    );
    const handled = async (consumer: string) => {
      const { rows } = await publishing.pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM inbox WHERE consumer = $1",
        [consumer],
      );
      return Number(rows[0]?.n);
    };
    const storedBefore = await handled("publishing-release-stored");
    const failedBefore = await handled("publishing-release-copy-failed");
    await publishIot(releaseStoredV1.type, {
      ...storedData(selected.id, "rel-8a"),
      organisationId: ORG_B,
    });
    await publishIot(releaseStoredV1.type, storedData("0193a1b2-0000-7000-8000-0000000000ee", "rel-8a"));
    await publishIot(releaseCopyFailedV1.type, {
      jobId: "0193a1b2-0000-7000-8000-0000000000f3",
      correlationId: selected.id,
      organisationId: ORG_B,
      applicationId: 8,
      releaseId: "rel-8a",
      reason: "not-found",
      failedAt: new Date().toISOString(),
      version: 1,
    } satisfies ReleaseCopyFailedV1);
    await waitFor(
      async () =>
        (await handled("publishing-release-stored")) === storedBefore + 2 &&
        (await handled("publishing-release-copy-failed")) === failedBefore + 1
          ? true
          : undefined,
      { what: "the three foreign outcomes to be handled" },
    );
    expect(await statusOf(selected.id)).toEqual({ status: "preparing", sha256: null, failure_reason: null });
    const { rows } = await publishing.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM outbox WHERE payload->'data'->>'itemReleaseId' = $1
         AND event_type <> 'publishing.item.release-added.v1'`,
      [selected.id],
    );
    expect(Number(rows[0]?.n)).toBe(0);
    c.close();
  });

  it("refuses a second selection of the same release, foreign items, foreign releases and retired items", async () => {
    const c = client();
    await expect(
      c.call("selectItemRelease", { id: itemId, releaseId: "rel-7a" }, as(dev(ORG_A))),
    ).rejects.toMatchObject({
      code: "invalid-state",
    });
    await expect(
      c.call("selectItemRelease", { id: itemId, releaseId: "rel-7c" }, as(dev(ORG_B))),
    ).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(c.call("listItemReleases", { id: itemId }, as(dev(ORG_B)))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(
      c.call("selectItemRelease", { id: itemId, releaseId: "rel-8a" }, as(dev(ORG_A))),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.releaseId": expect.any(Array) } },
    });
    for (const releaseId of ["..", ".", "rel-7c/.."])
      await expect(
        c.call("selectItemRelease", { id: itemId, releaseId }, as(dev(ORG_A))),
      ).rejects.toMatchObject({
        code: "validation-failed",
        extensions: { errors: { "body.releaseId": expect.any(Array) } },
      });
    const retired = "0193a1b2-0000-7000-8000-0000000000c9";
    await insertItem(retired, ORG_A, 9, "retired");
    await expect(
      c.call("selectItemRelease", { id: retired, releaseId: "x" }, as(dev(ORG_A))),
    ).rejects.toMatchObject({
      code: "invalid-state",
    });
    c.close();
  });

  it("never loses a copy request: the retry loop asks again after the adapter was unavailable", async () => {
    const c = client();
    copyFailures = 1; // the select request's own copy call
    const selected = await c.call("selectItemRelease", { id: itemId, releaseId: "rel-7d" }, as(dev(ORG_A)));
    expect(selected.status).toBe("preparing");
    expect(copyCalls.some((x) => x.request.itemReleaseId === selected.id)).toBe(false);
    // Let the first retry be due now instead of after the grace period.
    await publishing.pool.query("UPDATE item_releases SET copy_next_attempt_at = now() WHERE id = $1", [
      selected.id,
    ]);
    copyFailures = 0;
    const retried = await waitFor(() => copyCalls.find((x) => x.request.itemReleaseId === selected.id), {
      what: "the retry loop to ask the adapter again",
    });
    expect(retried.request).toEqual({ applicationId: 7, releaseId: "rel-7d", itemReleaseId: selected.id });
    // No user is waiting any more: publishing asks as itself, naming the organisation, never a made-up user.
    expect(retried).toMatchObject({ organisationId: ORG_A, actor: undefined, service: "publishing" });
    // The loop records the acceptance after the adapter answered, so this may trail the call a little.
    await waitFor(
      async () => {
        const { rows } = await publishing.pool.query<{ copy_requested_at: Date | null }>(
          "SELECT copy_requested_at FROM item_releases WHERE id = $1",
          [selected.id],
        );
        return rows[0]?.copy_requested_at ?? undefined;
      },
      { what: "the accepted copy request to be recorded" },
    );
    c.close();
  });

  it("orders item releases by version numerically", async () => {
    const c = client();
    await c.call("selectItemRelease", { id: itemId, releaseId: "rel-7c" }, as(dev(ORG_A)));
    const page = await c.call(
      "listItemReleases",
      { id: itemId, orderBy: "version", direction: "asc" },
      as(dev(ORG_A)),
    );
    expect(page.items.map((r) => r.version)).toEqual([
      "1.0.0+00000001",
      "1.9.0+00000003",
      "1.10.0+00000002",
      "2.0.0+00000004",
    ]);
    await expect(
      c.call("listItemReleases", { id: itemId, orderBy: "name" }, as(dev(ORG_A))),
    ).rejects.toMatchObject({ code: "validation-failed" });
    c.close();
  });
});
