import { demoApi } from "@mp/local/demo-api";
import { listItem, offerItem, publishApplication } from "@mp/local/demo-items";
import { waitFor } from "@mp/testing";
import { expect } from "vitest";
import { DEMO_APPLICATION_IDS, Resources } from "../support/resources";
import { ownedPurchase } from "./owned-purchase";

const ITEMS = "/marketplace/developers/marketplace-items";

/** What organisation A owns, every piece created through the API. */
export interface Owned {
  /** Instances are shared by design (see SHARED in the matrix); A's is where A's item lives. */
  instance: string;
  applicationId: number;
  item: string;
  icon: string;
  /** The item's gallery, in order. */
  gallery: [string, string];
  /** A ready image that is in no gallery, for "add an image". */
  spareImage: string;
  /** An upload session never uploaded: a pending asset. */
  pendingAsset: string;
  apiKey: string;
  /** An IoT release of A's application (the platform's id) and the item release made from it. */
  iotRelease: string;
  itemRelease: string;
  /**
   * A second item, published and offered in A's instance and listed by A as a provider. Offered items
   * are public by design (catalogues show them, every provider may list them), so its id is not private.
   */
  listedItem: string;
  /** The listed item's latest version (its release is available: the device's purchase may download it). */
  listedVersion: string;
  offering: string;
  listing: string;
  /** A device with a purchase of A's listing (made by a signed payment notification), and the purchase. */
  device: string;
  purchase: string;
  paymentReference: string;
  /** An install of the listed version on that device: its RPC id (the platform's update id). */
  rpc: string;
  /** A's organisation id, and A's provider statement holding the purchase (the ledger wrote it). */
  organisationId: string;
  statement: string;
  /** A's webhook endpoint (subscribed to purchase.completed) and the delivery A's purchase made for it. */
  webhookEndpoint: string;
  webhookDelivery: string;
}

/**
 * Organisation A's world: an instance, a linked item with metadata, icon, a two-image gallery, a selected
 * release and a price, plus a spare image, a pending upload and an API key; and a second item A
 * published, offered (as the instance's admin) and listed (as a provider), and a purchase of that listing.
 */
export async function createOwned(
  stack: { gatewayUrl: string; simulatorUrl: string; stripeWebhookSecret: string },
  token: string,
  organisationId: string,
): Promise<Owned> {
  const { gatewayUrl } = stack;
  const a = new Resources(gatewayUrl, token);
  const instance = await a.instance("BOLA owner");
  const applicationId = DEMO_APPLICATION_IDS.assetTracker;
  const item = await a.linkItem(applicationId, instance);
  const [icon, first, second, spareImage, pending, apiKey, releases] = await Promise.all([
    a.readyAsset("icon"),
    a.readyAsset("image"),
    a.readyAsset("image"),
    a.readyAsset("image"),
    a.pendingAsset("image"),
    a.apiKey("BOLA owner"),
    a.iotReleases(applicationId),
  ]);
  const base = `/marketplace/developers/marketplace-items/${item}`;
  const step = async (path: string, body: unknown) => {
    const response = await a.call("POST", `${base}${path}`, body);
    expect(response.status, `POST ${path}: ${response.text}`).toBe(200);
    return response.json as Record<string, unknown>;
  };
  await step("/metadata", { displayName: "Owned by A", description: "Private draft." });
  await step("/icon", { assetId: icon });
  await step("/images", { assetId: first });
  await step("/images", { assetId: second });
  await step("/price", { amount: 1999, currency: "EUR" });
  const iotRelease = releases[0]!.releaseId;
  const selected = await step("/infuse-iot-releases", { releaseId: iotRelease });
  const api = demoApi(gatewayUrl);
  const published = await publishApplication(api, token, {
    instanceId: instance,
    application: { applicationId: DEMO_APPLICATION_IDS.coldChain, name: "Cold chain" },
    basePrice: { amount: 1000, currency: "EUR" },
  });
  expect(published?.status).toBe("published");
  const listedItem = published!.id;
  const offering = await offerItem(api, token, instance, listedItem);
  const listing = await listItem(api, token, {
    instanceId: instance,
    itemId: listedItem,
    price: { amount: 2000, currency: "EUR" },
    visibility: "private",
  });
  // The device is on the board of the listed version's release, so A can install it (an RPC of A's).
  const listedReleases = await a.call(
    "GET",
    `${ITEMS}/${listedItem}/releases`,
    undefined,
    "page=1&pageSize=20",
  );
  const boardId = (listedReleases.json as { items: { board: { id: string } }[] }).items[0]?.board.id;
  // An endpoint of A's before the purchase, so the purchase makes a delivery of A's (to a closed port:
  // it stays pending and retried, which is all the matrix needs).
  const endpoint = await a.call("POST", "/marketplace/webhook-endpoints", {
    url: "http://127.0.0.1:9/bola",
    events: ["purchase.completed"],
  });
  expect(endpoint.status, `registering a webhook endpoint: ${endpoint.text}`).toBe(201);
  const webhookEndpoint = (endpoint.json as { id: string }).id;
  const bought = await ownedPurchase(stack, a, { organisationId, listingId: listing.id, boardId });
  const webhookDelivery = await waitFor(
    async () => {
      const page = await a.call("GET", `/marketplace/webhook-endpoints/${webhookEndpoint}/deliveries`);
      return (page.json as { items?: { id: string }[] }).items?.[0]?.id;
    },
    { what: "A's webhook delivery", timeoutMs: 30_000 },
  );
  const listedVersion = published!.latestVersion ?? "";
  const installed = await a.call(
    "POST",
    `/marketplace/providers/devices/${bought.device}/purchases/${listedItem}/install`,
    { version: listedVersion },
  );
  expect(installed.status, `installing: ${installed.text}`).toBe(200);
  const statement = await ownedStatement(a);
  return {
    ...bought,
    organisationId,
    statement,
    webhookEndpoint,
    webhookDelivery,
    rpc: (installed.json as { rpcId: string }).rpcId,
    instance,
    applicationId,
    item,
    icon,
    gallery: [first, second],
    spareImage,
    pendingAsset: pending.assetId,
    apiKey: apiKey.id,
    iotRelease,
    itemRelease: selected.id as string,
    listedItem,
    listedVersion,
    offering: offering.id,
    listing: listing.id,
  };
}

/** A's provider statement, once the ledger has recorded the purchase (its line is the purchase). */
async function ownedStatement(a: Resources): Promise<string> {
  return waitFor(
    async () => {
      const page = await a.call(
        "GET",
        "/marketplace/earnings/statements",
        undefined,
        "role=provider&status=any",
      );
      const items = (page.json as { items?: { id: string; lineCount: number }[] }).items ?? [];
      return items.find((s) => s.lineCount > 0)?.id;
    },
    { what: "A's statement", timeoutMs: 90_000 },
  );
}

/** Ids only A may ever see: none of them may appear in anything B is shown. */
export function privateIds(owned: Owned): string[] {
  return [
    owned.item,
    owned.icon,
    ...owned.gallery,
    owned.spareImage,
    owned.pendingAsset,
    owned.apiKey,
    owned.iotRelease,
    owned.itemRelease,
    owned.offering,
    owned.listing,
    owned.purchase,
    owned.paymentReference,
    owned.rpc,
    owned.webhookEndpoint,
    owned.webhookDelivery,
  ];
}
