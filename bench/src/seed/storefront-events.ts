import { randomUUID } from "node:crypto";
import { newEvent } from "@mp/bus";
import {
  type ItemSnapshotV1,
  itemSnapshot,
  itemSnapshotV1,
  type ListingSnapshotV1,
  listingSnapshot,
  listingSnapshotV1,
} from "@mp/contracts";
import { type JetStreamClient, jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection, headers as natsHeaders } from "@nats-io/transport-node";

const WORDS = [
  "thermal",
  "vibration",
  "asset",
  "tracker",
  "gateway",
  "humidity",
  "anomaly",
  "predictive",
  "fleet",
  "energy",
  "meter",
  "pressure",
  "leak",
  "detector",
  "cold",
  "chain",
  "gps",
  "battery",
  "motion",
  "sensor",
];

/** A deterministic two- or three-word phrase: searches for any word hit about a tenth of the items. */
export function phraseFor(index: number): string {
  const pick = (n: number) => WORDS[(index * 7 + n * 13) % WORDS.length];
  return `${pick(1)} ${pick(2)}${index % 3 === 0 ? ` ${pick(3)}` : ""}`;
}

export const SEARCH_WORDS = WORDS;

/**
 * Seeds the storefront's inputs without the write APIs: `publishing.item.snapshot.v1` (a published item)
 * and `listings.listing.snapshot.v1` (a public listing), published on the bus in the envelopes and with the
 * `Nats-Msg-Id` the services' outboxes use, validated against the contract's schemas first. The
 * catalogue's consumers apply them as they would the services' own events; thousands per second, where
 * creating items through the API would need IoT releases copied and assets uploaded for each.
 */
export class StorefrontSeeder {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
  ) {}

  static async connect(natsUrl: string): Promise<StorefrontSeeder> {
    const nc = await connect({ servers: natsUrl });
    return new StorefrontSeeder(nc, jetstream(nc));
  }

  /** A published item with a base price; returns its snapshot. */
  async publishItem(input: {
    instanceId: string;
    developerOrganisationId: string;
    index: number;
  }): Promise<ItemSnapshotV1> {
    const now = new Date().toISOString();
    const phrase = phraseFor(input.index);
    const data = itemSnapshot.parse({
      itemId: randomUUID(),
      organisationId: input.developerOrganisationId,
      marketplaceInstanceId: input.instanceId,
      infuseIotApplicationId: 100_000 + input.index,
      type: input.index % 4 === 0 ? "algorithm" : "app",
      status: "published",
      displayName: `Bench ${phrase} ${input.index}`,
      description: `A ${phrase} application seeded for the benchmark.`,
      algorithmType: null,
      licenseUrl: null,
      eulaUrl: null,
      iconAssetId: null,
      imageAssetIds: [],
      basePrice: { amount: 1_000, currency: "EUR" },
      latestVersion: "1.0.0+00000001",
      publishedAt: now,
      occurredAt: now,
      version: 1_000,
    } satisfies ItemSnapshotV1);
    await this.publish(itemSnapshotV1.type, "publishing", data);
    return data;
  }

  /** A public, enabled listing of `item` by `providerOrganisationId`. */
  async publishListing(item: ItemSnapshotV1, providerOrganisationId: string): Promise<ListingSnapshotV1> {
    const now = new Date().toISOString();
    const data = listingSnapshot.parse({
      id: randomUUID(),
      marketplaceItemId: item.itemId,
      marketplaceInstanceId: item.marketplaceInstanceId,
      providerOrganisationId,
      price: { amount: 1_500, currency: "EUR" },
      visibility: "public",
      disabled: false,
      createdAt: now,
      supersededAt: null,
      occurredAt: now,
      version: 1,
    } satisfies ListingSnapshotV1);
    await this.publish(listingSnapshotV1.type, "listings", data);
    return data;
  }

  async close(): Promise<void> {
    await this.nc.close();
  }

  private async publish(type: string, source: string, data: unknown): Promise<void> {
    const event = newEvent(type, source, data);
    const headers = natsHeaders();
    await this.js.publish(type, JSON.stringify(event), { msgID: event.id, headers });
  }
}
