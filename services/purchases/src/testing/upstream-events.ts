import { type Bus, ensureStream } from "@mp/bus";
import {
  type ItemSnapshotV1,
  itemPublishedV1,
  type ListingSnapshotV1,
  listingCreatedV1,
  type PaymentUpdatedV1,
  STREAMS,
} from "@mp/contracts";

import { APP, org, provider } from "./fixtures";

/**
 * The streams of the events purchases consumes (listings, publishing, settlements, and with `iot` the
 * adapter's), made as their owners would, so a test publishes before purchases' background set-up ends.
 */
export async function ensureStreams(bus: Bus, options: { iot: boolean }): Promise<void> {
  const streams = [
    STREAMS.LISTINGS,
    STREAMS.PUBLISHING,
    STREAMS.SETTLEMENTS,
    ...(options.iot ? [STREAMS.IOT] : []),
  ];
  for (const stream of streams)
    await ensureStream(bus, { name: stream.name, subjects: [...stream.subjects] });
}

/**
 * An app item published by another organisation as catalogue announces it, priced at 10.00 EUR, with
 * only what purchases reads set. `at` is when it was published.
 */
export const itemPublished = (item: {
  itemId: string;
  organisationId: string;
  marketplaceInstanceId: string;
  infuseIotApplicationId: number;
  displayName: string;
  latestVersion: string;
  at: string;
}): ItemSnapshotV1 => ({
  itemId: item.itemId,
  organisationId: item.organisationId,
  marketplaceInstanceId: item.marketplaceInstanceId,
  infuseIotApplicationId: item.infuseIotApplicationId,
  type: "app",
  status: "published",
  displayName: item.displayName,
  description: null,
  algorithmType: null,
  licenseUrl: null,
  eulaUrl: null,
  iconAssetId: null,
  imageAssetIds: [],
  basePrice: { amount: 1000, currency: "EUR" },
  latestVersion: item.latestVersion,
  publishedAt: item.at,
  occurredAt: item.at,
  version: 1,
});

/** A public listing of the item by the provider at 20.00 EUR, as listings announces it; `at` is its creation. */
export const listingCreated = (listing: {
  id: string;
  marketplaceItemId: string;
  marketplaceInstanceId: string;
  providerOrganisationId: string;
  at: string;
}): ListingSnapshotV1 => ({
  id: listing.id,
  marketplaceItemId: listing.marketplaceItemId,
  marketplaceInstanceId: listing.marketplaceInstanceId,
  providerOrganisationId: listing.providerOrganisationId,
  price: { amount: 2000, currency: "EUR" },
  visibility: "public",
  disabled: false,
  createdAt: listing.at,
  supersededAt: null,
  occurredAt: listing.at,
  version: 1,
});

/**
 * Publishes, as catalogue and listings would, an item of `org(0xd1)` linked to `APP` and the fixture
 * provider's listing of it; the fields given replace those defaults.
 */
export async function announceListedItem(
  publish: (type: string, data: unknown) => Promise<void>,
  item: {
    itemId: string;
    listingId: string;
    marketplaceInstanceId: string;
    latestVersion: string;
  } & Partial<{
    organisationId: string;
    infuseIotApplicationId: number;
    providerOrganisationId: string;
    displayName: string;
  }>,
): Promise<void> {
  const at = new Date().toISOString();
  const { itemId, listingId, marketplaceInstanceId } = item;
  await publish(
    itemPublishedV1.type,
    itemPublished({
      itemId,
      organisationId: item.organisationId ?? org(0xd1),
      marketplaceInstanceId,
      infuseIotApplicationId: item.infuseIotApplicationId ?? APP,
      displayName: item.displayName ?? `Item ${itemId.slice(-4)}`,
      latestVersion: item.latestVersion,
      at,
    }),
  );
  await publish(
    listingCreatedV1.type,
    listingCreated({
      id: listingId,
      marketplaceItemId: itemId,
      marketplaceInstanceId,
      providerOrganisationId: item.providerOrganisationId ?? provider.organisationId,
      at,
    }),
  );
}

let paymentSeq = 0;
/**
 * A settlements.payment.updated.v1 payload: a 20.00 EUR test-mode payment of the device's purchase, each
 * call a new Stripe event a second after the last. Versions are per payment intent.
 */
export function paymentUpdated(
  pi: string,
  version: number,
  fields: Partial<PaymentUpdatedV1> & { deviceId: string },
): PaymentUpdatedV1 {
  const seq = ++paymentSeq;
  return {
    stripeEventId: `evt_${seq}_${pi}`,
    kind: "paid",
    paymentIntentId: pi,
    amount: { amount: 2000, currency: "EUR" },
    livemode: false,
    occurredAt: new Date(Date.UTC(2026, 10, 23, 10, 0, seq)).toISOString(),
    version,
    ...fields,
  };
}
