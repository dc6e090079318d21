import { connectBus } from "@mp/bus";
import { type CatalogueProto, instanceSnapshotV1, type Principal } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueService } from "./module";
import { catalogueEnv } from "./testing/catalogue-env";

const admin: Principal = {
  subject: "admin-1",
  organisationId: "0193a1b2-0000-7000-8000-0000000000a1",
  roles: ["admin"],
  via: "jwt",
};
const provider: Principal = { ...admin, subject: "p-1", roles: ["provider"] };

let infra: TestInfra;
let mesh: TestMesh;
let catalogue: RunningService;

const catalogueProto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace
  .catalogue.v1;

beforeAll(async () => {
  infra = await freshInfra("catalogue");
  mesh = await ephemeralMesh();
  catalogue = await startService(catalogueService, catalogueEnv(infra, mesh), {
    logger: testLogger("catalogue"),
  });
});

afterAll(async () => {
  await catalogue?.stop();
  await infra?.cleanup();
});

const client = () =>
  createUnaryClient(catalogueProto.CatalogueService, `127.0.0.1:${catalogue.grpcPort}`, {
    upstream: "catalogue",
    identity: mesh.gateway,
  });

describe("catalogue instances over gRPC (real PostgreSQL and NATS)", () => {
  it("creates, reads and lists instances", async () => {
    const c = client();
    const created = await c.call(
      "createInstance",
      { name: "Europe", defaultCurrency: "EUR", platformFeeBps: 1000 },
      { principal: admin, requestId: "r1" },
    );
    expect(created).toMatchObject({
      name: "Europe",
      ownerOrganisationId: admin.organisationId,
      platformFeeBps: 1000,
    });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const read = await c.call(
      "getInstance",
      { id: created.id.toUpperCase() },
      { principal: provider, requestId: "r2" },
    );
    expect(read).toEqual(created);

    await c.call(
      "createInstance",
      { name: "Asia", defaultCurrency: "JPY", platformFeeBps: 0 },
      { principal: admin, requestId: "r3" },
    );
    const page1 = await c.call(
      "listInstances",
      { page: 1, pageSize: 1, orderBy: "name", direction: "asc" },
      { principal: provider, requestId: "r4" },
    );
    expect(page1).toMatchObject({ page: 1, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(page1.items.map((i) => i.name)).toEqual(["Asia"]);
    const beyond = await c.call(
      "listInstances",
      { page: 5, pageSize: 1 },
      { principal: provider, requestId: "r5" },
    );
    expect(beyond).toMatchObject({ items: [], totalCount: 2 });
    // A listed instance reads exactly as created (its timestamp to the millisecond included).
    const all = await c.call(
      "listInstances",
      { page: 1, pageSize: 20 },
      { principal: provider, requestId: "r6" },
    );
    expect(all.items.find((item) => item.id === created.id)).toEqual(created);
    c.close();
  });

  it("answers not-found for unknown or malformed ids, and forbids non-admins to create", async () => {
    const c = client();
    const ctx = { principal: admin, requestId: "r" };
    await expect(
      c.call("getInstance", { id: "0193a1b2-0000-7000-8000-000000000000" }, ctx),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(c.call("getInstance", { id: "nope" }, ctx)).rejects.toMatchObject({ code: "not-found" });
    await expect(
      c.call(
        "createInstance",
        { name: "x", defaultCurrency: "EUR", platformFeeBps: 0 },
        { principal: provider, requestId: "r" },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    c.close();
  });

  it("publishes catalogue.instance.created.v1 once", async () => {
    const c = client();
    const created = await c.call(
      "createInstance",
      { name: "Americas", defaultCurrency: "USD", platformFeeBps: 250 },
      { principal: admin, requestId: "r" },
    );

    const bus = await connectBus({
      url: infra.natsUrl,
      name: "probe",
      namespace: infra.busNamespace,
      logger: testLogger(),
    });
    const message = await waitFor(
      async () => {
        try {
          const last = await bus.jsm.streams.getMessage(bus.streamName("CATALOGUE"), {
            last_by_subj: bus.subject("catalogue.instance.created.v1"),
          });
          // The relay may not have published this instance's event yet: wait for it, not just any event.
          return last?.json<{ data: { id: string } }>().data.id === created.id ? last : undefined;
        } catch {
          return undefined;
        }
      },
      { what: "instance event on the stream" },
    );
    const envelope = message.json<{ id: string; type: string; data: { id: string } }>();
    expect(envelope.type).toBe("catalogue.instance.created.v1");
    expect(envelope.data.id).toBe(created.id);
    expect(message.header.get("Nats-Msg-Id")).toBe(envelope.id);
    const subject = bus.subject("catalogue.instance.created.v1");
    const info = await bus.jsm.streams.info(bus.streamName("CATALOGUE"), { subjects_filter: subject });
    expect(info.state.subjects?.[subject]).toBe(2 + 1); // Europe and Asia from the first test, then this one
    await bus.close();
    c.close();
  });

  it("re-announces every instance in a snapshot, each through the outbox", async () => {
    const { rows: instances } = await catalogue.pool.query<{ id: string }>("SELECT id FROM instances");
    expect(instances).toHaveLength(3);
    expect(await catalogueService.snapshot?.({ pool: catalogue.pool, logger: testLogger() })).toBe(3);
    const { rows: snapshots } = await catalogue.pool.query<{ id: string }>(
      "SELECT payload->'data'->>'id' AS id FROM outbox WHERE event_type = $1",
      [instanceSnapshotV1.type],
    );
    expect(snapshots.map((row) => row.id).sort()).toEqual(instances.map((row) => row.id).sort());
  });
});

describe("a creation repeated under its request id (real PostgreSQL)", () => {
  const createdEvents = async (id: string) => {
    const { rows } = await catalogue.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM outbox WHERE event_type = 'catalogue.instance.created.v1' AND payload->'data'->>'id' = $1",
      [id],
    );
    return Number(rows[0]?.n);
  };

  it("makes one instance and one event when the same request arrives twice at once", async () => {
    const c = client();
    const body = { name: "Oceania", defaultCurrency: "AUD", platformFeeBps: 300 };
    const ctx = { principal: admin, requestId: "repeat-1" };
    const [a, b] = await Promise.all([
      c.call("createInstance", body, ctx),
      c.call("createInstance", body, ctx),
    ]);
    expect(a).toEqual(b);
    const again = await c.call("createInstance", { ...body, name: " Oceania " }, ctx);
    expect(again).toEqual(a);
    const { rows } = await catalogue.pool.query("SELECT id FROM instances WHERE name = 'Oceania'");
    expect(rows).toEqual([{ id: a.id }]);
    expect(await createdEvents(a.id)).toBe(1);
    c.close();
  });

  it("refuses the same request id with other values, and keeps request ids apart by organisation", async () => {
    const c = client();
    const ctx = { principal: admin, requestId: "repeat-2" };
    const first = await c.call(
      "createInstance",
      { name: "Africa", defaultCurrency: "EUR", platformFeeBps: 0 },
      ctx,
    );
    await expect(
      c.call("createInstance", { name: "Africa", defaultCurrency: "USD", platformFeeBps: 0 }, ctx),
    ).rejects.toMatchObject({ code: "request-id-reused", extensions: { instanceId: first.id } });
    const otherOrganisation = { ...admin, organisationId: "0193a1b2-0000-7000-8000-0000000000a2" };
    const elsewhere = await c.call(
      "createInstance",
      { name: "Africa", defaultCurrency: "EUR", platformFeeBps: 0 },
      { principal: otherOrganisation, requestId: "repeat-2" },
    );
    expect(elsewhere.id).not.toBe(first.id);
    expect(await createdEvents(first.id)).toBe(1);
    expect(await createdEvents(elsewhere.id)).toBe(1);
    c.close();
  });
});
