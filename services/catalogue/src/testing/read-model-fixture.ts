import { type Bus, connectBus, type EventEnvelope, newEvent } from "@mp/bus";
import type {
  AssetFinalisedV1,
  CatalogueItemsProto,
  ItemSnapshotV1,
  ListingSnapshotV1,
  OfferingSnapshotV1,
  Principal,
} from "@mp/contracts";
import { ownerOfSubject } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { catalogueService } from "../module";
import { catalogueEnv } from "./catalogue-env";

export const INSTANCE = "0193a1b2-0000-7000-8000-0000000000c1";
export const DEVELOPER_ORG = "0193a1b2-0000-7000-8000-0000000000d1";
export const PROVIDER_A = "0193a1b2-0000-7000-8000-0000000000e1";
export const PROVIDER_B = "0193a1b2-0000-7000-8000-0000000000e2";

export const anyone: Principal = {
  subject: "buyer",
  organisationId: "0193a1b2-0000-7000-8000-0000000000f1",
  roles: [],
  via: "jwt",
};
export const providerA: Principal = {
  subject: "pa",
  organisationId: PROVIDER_A,
  roles: ["provider"],
  via: "jwt",
};

const T0 = Date.parse("2026-11-01T10:00:00.000Z");
export const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** An item snapshot as publishing emits it: published, priced, with a release, unless `overrides` say not. */
export function itemSnapshot(overrides: Partial<ItemSnapshotV1> = {}): ItemSnapshotV1 {
  return {
    itemId: uuidv7(),
    organisationId: DEVELOPER_ORG,
    marketplaceInstanceId: INSTANCE,
    infuseIotApplicationId: 1,
    type: "app",
    status: "published",
    displayName: "Item",
    description: null,
    algorithmType: null,
    licenseUrl: null,
    eulaUrl: null,
    iconAssetId: null,
    imageAssetIds: [],
    basePrice: { amount: 1000, currency: "EUR" },
    latestVersion: "1.0.0+00000001",
    publishedAt: at(1),
    createdAt: at(0),
    occurredAt: at(1),
    version: 1,
    ...overrides,
  };
}

export function listingSnapshot(
  itemId: string,
  overrides: Partial<ListingSnapshotV1> = {},
): ListingSnapshotV1 {
  return {
    id: uuidv7(),
    marketplaceItemId: itemId,
    marketplaceInstanceId: INSTANCE,
    providerOrganisationId: PROVIDER_A,
    price: { amount: 1500, currency: "EUR" },
    visibility: "public",
    disabled: false,
    createdAt: at(2),
    supersededAt: null,
    occurredAt: at(2),
    version: 1,
    ...overrides,
  };
}

export function offeringSnapshot(
  itemId: string,
  overrides: Partial<OfferingSnapshotV1> = {},
): OfferingSnapshotV1 {
  return {
    id: uuidv7(),
    marketplaceInstanceId: INSTANCE,
    marketplaceItemId: itemId,
    createdAt: at(2),
    withdrawnAt: null,
    occurredAt: at(2),
    version: 1,
    ...overrides,
  };
}

export function assetFinalised(overrides: Partial<AssetFinalisedV1> = {}): AssetFinalisedV1 {
  const id = overrides.id ?? uuidv7();
  return {
    id,
    organisationId: DEVELOPER_ORG,
    assetType: "image",
    mimeType: "image/png",
    fileName: "shot.png",
    sizeBytes: 1234,
    width: 640,
    height: 480,
    objectKey: `assets/${id}`,
    finalisedAt: at(0),
    version: 1,
    ...overrides,
  };
}

/** A running catalogue on fresh PostgreSQL/NATS/S3, a bus to publish other services' events on, and clients. */
export async function startReadModelFixture(label: string) {
  const infra: TestInfra = await freshInfra(label);
  const mesh: TestMesh = await ephemeralMesh();
  const service: RunningService = await startService(catalogueService, catalogueEnv(infra, mesh), {
    logger: testLogger("catalogue"),
  });
  const bus: Bus = await connectBus({
    url: infra.natsUrl,
    name: `${label}-test`,
    namespace: infra.busNamespace,
    logger: testLogger("bus"),
  });
  const streams = ["PUBLISHING", "ASSETS", "LISTINGS"].map((name) => bus.streamName(name));
  // The catalogue creates the streams it consumes from in the background: publish once they exist.
  await waitFor(async () => (await Promise.all(streams.map((s) => bus.jsm.streams.info(s)))) && true, {
    what: "the consumed streams",
  });
  const proto = loadProto<CatalogueItemsProto>("marketplace/catalogue/v1/catalogue_items.proto").marketplace
    .catalogue.v1;
  const items = createUnaryClient(proto.CatalogueItemsService, `127.0.0.1:${service.grpcPort}`, {
    upstream: "catalogue",
    identity: mesh.gateway,
  });

  /** Publish an event as its owner's relay would; `msgId` other than the event id bypasses deduplication. */
  async function publish<T>(type: string, data: T, msgId?: string): Promise<EventEnvelope<T>> {
    const event = newEvent(type, ownerOfSubject(type) ?? "test", data);
    await send(event, msgId);
    return event;
  }
  async function send(event: EventEnvelope<unknown>, msgId = event.id): Promise<void> {
    await bus.js.publish(bus.subject(event.type), JSON.stringify(event), { msgID: msgId });
  }
  /** Wait until the consumer has handled (committed) every one of these events. */
  async function handled(events: EventEnvelope<unknown>[]): Promise<void> {
    const ids = events.map((e) => e.id);
    await waitFor(
      async () => {
        const { rows } = await service.pool.query<{ n: number }>(
          "SELECT count(DISTINCT event_id)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])",
          [ids],
        );
        return rows[0]?.n === ids.length ? true : undefined;
      },
      { what: `${ids.length} events handled`, timeoutMs: 20_000 },
    );
  }
  /** Wait until every catalogue durable has acknowledged everything published (duplicates included). */
  async function settled(): Promise<void> {
    await waitFor(
      async () => {
        for (const stream of streams) {
          for await (const info of bus.jsm.consumers.list(stream)) {
            if (info.num_pending > 0 || info.num_ack_pending > 0) return undefined;
          }
        }
        return true;
      },
      { what: "catalogue consumers to settle", timeoutMs: 20_000 },
    );
  }
  const ctx = (principal: Principal) => ({ principal, requestId: uuidv7() });

  return {
    infra,
    service,
    bus,
    items,
    publish,
    send,
    handled,
    settled,
    ctx,
    async stop() {
      items.close();
      await bus.close();
      await service.stop();
      await infra.cleanup();
    },
  };
}
export type ReadModelFixture = Awaited<ReturnType<typeof startReadModelFixture>>;
