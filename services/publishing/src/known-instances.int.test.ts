import { ensureStream, newEvent } from "@mp/bus";
import {
  type InstanceCreatedV1,
  instanceCreatedV1,
  instanceSnapshotV1,
  type PublishingProto,
  STREAMS,
} from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG_A, type PublishingUnderTest, startPublishing } from "./testing/fixture";

/**
 * Publishing learns instances from catalogue's events (created, and snapshots re-announcing them). The
 * events are published here as catalogue publishes them, so this test needs no catalogue code.
 */
let infra: TestInfra;
let mesh: TestMesh;
let under: PublishingUnderTest;

const proto = loadProto<PublishingProto>("marketplace/publishing/v1/publishing.proto").marketplace.publishing
  .v1;

const instance = (name: string, currency: string): InstanceCreatedV1 => ({
  id: uuidv7(),
  name,
  ownerOrganisationId: ORG_A,
  defaultCurrency: currency,
  platformFeeBps: 250,
  createdAt: new Date().toISOString(),
  version: 1,
});

async function publish(type: string, data: InstanceCreatedV1): Promise<string> {
  const event = newEvent(type, "catalogue", data);
  await under.bus.js.publish(under.bus.subject(type), JSON.stringify(event), { msgID: event.id });
  return event.id;
}

beforeAll(async () => {
  infra = await freshInfra("publishing-instances");
  mesh = await ephemeralMesh();
  under = await startPublishing(infra, { mesh, iotAdapter: "127.0.0.1:1", instances: [] });
  await ensureStream(under.bus, {
    name: STREAMS.CATALOGUE.name,
    subjects: [...STREAMS.CATALOGUE.subjects],
  });
});

afterAll(async () => {
  await under?.stop();
  await infra?.cleanup();
});

describe("publishing's known instances from catalogue events (real PostgreSQL and NATS)", () => {
  const instances = [instance("Europe", "EUR"), instance("Asia", "JPY"), instance("Americas", "USD")];

  it("learns an instance from catalogue.instance.created.v1", async () => {
    for (const created of instances) await publish(instanceCreatedV1.type, created);
    const pub = createUnaryClient(proto.PublishingService, `127.0.0.1:${under.publishing.grpcPort}`, {
      upstream: "publishing",
      identity: mesh.gateway,
    });
    for (const created of instances) {
      const known = await waitFor(
        () => pub.call("getInstanceReference", { id: created.id }, { requestId: "r" }).catch(() => undefined),
        { what: "publishing to learn the instance" },
      );
      expect(known).toMatchObject({ id: created.id, defaultCurrency: created.defaultCurrency });
    }
    pub.close();
  });

  it("applies snapshots of every instance through its version guard", async () => {
    const pool = under.publishing.pool;
    // Publishing's inbox rows for exactly these events: a count of all its rows would also move with any
    // earlier event still being delivered, and never match.
    const handled = async (ids: string[]) => {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM inbox WHERE consumer = 'publishing-instances' AND event_id = ANY($1::uuid[])",
        [ids],
      );
      return rows[0]?.n ?? 0;
    };
    const known = await pool.query("SELECT * FROM known_instances ORDER BY id");
    expect(known.rows).toHaveLength(3);

    const ids: string[] = [];
    for (const created of instances) ids.push(await publish(instanceSnapshotV1.type, created));
    // A forged copy of an instance with other data but the same version changes nothing either.
    const [first] = instances;
    ids.push(
      await publish(instanceSnapshotV1.type, {
        ...first!,
        name: "forged",
        defaultCurrency: "XXX",
        platformFeeBps: 9999,
      }),
    );
    // Generous: the whole suite shares two cores with this consumer.
    await waitFor(async () => ((await handled(ids)) === 4 ? true : undefined), {
      what: "publishing to handle the three snapshots and the forged copy",
      timeoutMs: 30_000,
    });
    expect((await pool.query("SELECT * FROM known_instances ORDER BY id")).rows).toEqual(known.rows);
  });
});
